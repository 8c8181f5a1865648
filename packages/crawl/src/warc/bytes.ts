/**
 * A pull reader over a stream of byte chunks that can give bytes back: the gzip layer feeds
 * whole chunks to a decompressor and returns what the member did not use.
 */
export class ByteReader {
  readonly #source: AsyncIterator<Uint8Array>;
  /** Chunks given back, next one last. */
  readonly #returned: Uint8Array[] = [];
  #done = false;
  /** Offset in the stream of the next byte `next()` returns. */
  position: number;

  constructor(source: AsyncIterable<Uint8Array>, position = 0) {
    this.#source = source[Symbol.asyncIterator]();
    this.position = position;
  }

  /** The next chunk (never empty), or undefined at the end of the stream. */
  async next(): Promise<Uint8Array | undefined> {
    let chunk = this.#returned.pop();
    while (chunk === undefined && !this.#done) {
      const result = await this.#source.next();
      if (result.done) this.#done = true;
      else if (result.value.length > 0) chunk = result.value;
    }
    if (chunk !== undefined) this.position += chunk.length;
    return chunk;
  }

  /** Gives back the end of the last chunk read: `next()` returns it again. */
  unread(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.#returned.push(bytes);
    this.position -= bytes.length;
  }

  /** The next chunk, left unread (undefined at the end of the stream). */
  async peekChunk(): Promise<Uint8Array | undefined> {
    const chunk = await this.next();
    if (chunk !== undefined) this.unread(chunk);
    return chunk;
  }

  /** Up to `count` bytes from the current position, left unread (fewer only at the end). */
  async peek(count: number): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    let total = 0;
    while (total < count) {
      const chunk = await this.next();
      if (chunk === undefined) break;
      parts.push(chunk);
      total += chunk.length;
    }
    for (let index = parts.length - 1; index >= 0; index--) this.unread(parts[index]);
    return parts.length === 1 ? parts[0].subarray(0, count) : Buffer.concat(parts, Math.min(total, count));
  }

  /** Drops `count` bytes (fewer at the end of the stream); returns how many were dropped. */
  async skip(count: number): Promise<number> {
    let left = count;
    while (left > 0) {
      const chunk = await this.next();
      if (chunk === undefined) break;
      if (chunk.length > left) {
        this.unread(chunk.subarray(left));
        left = 0;
      } else left -= chunk.length;
    }
    return count - left;
  }

  /** Stops the underlying stream (closes the file). */
  async close(): Promise<void> {
    await this.#source.return?.();
  }
}
