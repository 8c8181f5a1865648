// Myers' O((N+M)·D) diff on integer token sequences: LCS length (linear memory) and an alignment
// (with a trace, O(D²) memory). Both take a bound on D; past it they give up and say so.

export function internTokens(seqs: string[][]): Int32Array[] {
  const ids = new Map<string, number>();
  return seqs.map((s) =>
    Int32Array.from(s, (t) => {
      let id = ids.get(t);
      if (id === undefined) {
        id = ids.size;
        ids.set(t, id);
      }
      return id;
    }),
  );
}

function commonEnds(a: Int32Array, b: Int32Array): [prefix: number, suffix: number] {
  let p = 0;
  const n = Math.min(a.length, b.length);
  while (p < n && a[p] === b[p]) p++;
  let s = 0;
  while (s < n - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return [p, s];
}

/** Length of the longest common subsequence, or null if the edit distance exceeds maxD. */
export function lcsLength(a: Int32Array, b: Int32Array, maxD = 20_000): number | null {
  const [p, s] = commonEnds(a, b);
  const A = a.subarray(p, a.length - s);
  const B = b.subarray(p, b.length - s);
  const N = A.length;
  const M = B.length;
  if (N === 0 || M === 0) return p + s;
  const max = N + M;
  const off = max + 1;
  const V = new Int32Array(2 * max + 3);
  for (let D = 0; D <= Math.min(max, maxD); D++) {
    for (let k = -D; k <= D; k += 2) {
      let x =
        k === -D || (k !== D && V[off + k - 1]! < V[off + k + 1]!) ? V[off + k + 1]! : V[off + k - 1]! + 1;
      let y = x - k;
      while (x < N && y < M && A[x] === B[y]) {
        x++;
        y++;
      }
      V[off + k] = x;
      if (x >= N && y >= M) return p + s + (N + M - D) / 2;
    }
  }
  return null;
}

/** Pairs [i, j] of matched positions (a[i] === b[j]), in order, or null if D exceeds maxD. */
export function align(a: Int32Array, b: Int32Array, maxD = 4_000): [number, number][] | null {
  const [p, s] = commonEnds(a, b);
  const pairs: [number, number][] = [];
  for (let i = 0; i < p; i++) pairs.push([i, i]);
  const A = a.subarray(p, a.length - s);
  const B = b.subarray(p, b.length - s);
  const N = A.length;
  const M = B.length;
  const mid: [number, number][] = [];
  if (N > 0 && M > 0) {
    const max = N + M;
    const off = max + 1;
    const V = new Int32Array(2 * max + 3);
    const trace: Int32Array[] = [];
    let done = -1;
    outer: for (let D = 0; D <= Math.min(max, maxD); D++) {
      trace.push(V.slice(off - D - 1, off + D + 2)); // V[k] for k in -D-1..D+1, before this round
      for (let k = -D; k <= D; k += 2) {
        let x =
          k === -D || (k !== D && V[off + k - 1]! < V[off + k + 1]!) ? V[off + k + 1]! : V[off + k - 1]! + 1;
        let y = x - k;
        while (x < N && y < M && A[x] === B[y]) {
          x++;
          y++;
        }
        V[off + k] = x;
        if (x >= N && y >= M) {
          done = D;
          break outer;
        }
      }
    }
    if (done < 0) return null;
    // Backtrack.
    let x = N;
    let y = M;
    for (let D = done; D >= 0; D--) {
      const Vd = trace[D]!; // state before round D, index k + D + 1
      const get = (k: number) => Vd[k + D + 1]!;
      const k = x - y;
      let prevK: number;
      if (D === 0) prevK = 0;
      else prevK = k === -D || (k !== D && get(k - 1) < get(k + 1)) ? k + 1 : k - 1;
      const prevX = D === 0 ? 0 : get(prevK);
      const prevY = prevX - prevK;
      const startX = D === 0 ? 0 : prevK === k + 1 ? prevX : prevX + 1;
      const startY = startX - k;
      while (x > startX && y > startY) {
        x--;
        y--;
        mid.push([p + x, p + y]);
      }
      x = prevX;
      y = prevY;
    }
    mid.reverse();
  }
  pairs.push(...mid);
  for (let i = 0; i < s; i++) pairs.push([a.length - s + i, b.length - s + i]);
  return pairs;
}
