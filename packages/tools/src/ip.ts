import { isIPv4, isIPv6 } from 'node:net';

/**
 * True when `ip` must not be fetched by default: anything that is not a globally reachable unicast
 * address. IPv4: 0.0.0.0/8 ("this network", incl. 0.0.0.0), 10/8, 100.64/10 (CGNAT), 127/8,
 * 169.254/16 (link-local, incl. the 169.254.169.254 cloud metadata service), 172.16/12, 192.0.0/24,
 * 192.0.2/24, 192.88.99/24, 192.168/16, 198.18/15, 198.51.100/24, 203.0.113/24, 224/4 (multicast) and
 * 240/4 (reserved, incl. 255.255.255.255). IPv6: everything outside 2000::/3 (::, ::1, fc00::/7
 * unique-local incl. fd00:ec2::254, fe80::/10 link-local, ff00::/8 multicast, …), the documentation,
 * benchmarking, ORCHID and Teredo blocks inside it, and IPv4 embedded in IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible, NAT64 (64:ff9b::/96) or 6to4 (2002::/16) addresses, judged by their IPv4 part.
 * Zone ids (fe80::1%eth0) are ignored. Anything that is not an IP literal returns true (fail closed).
 */
export function isPrivateAddress(ip: string): boolean {
  const address = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (isIPv4(address)) return isPrivateIPv4(parseIPv4(address));
  const bare = address.replace(/%.*$/, '');
  if (isIPv6(bare)) return isPrivateIPv6(parseIPv6(bare));
  return true;
}

/** [network, prefix length] pairs of the IPv4 blocks refused by default. */
const PRIVATE_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const PRIVATE_IPV4_RANGES = PRIVATE_IPV4.map(([network, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { network: (parseIPv4(network) & mask) >>> 0, mask };
});

function parseIPv4(address: string): number {
  return address.split('.').reduce((value, part) => ((value << 8) | Number(part)) >>> 0, 0);
}

function isPrivateIPv4(value: number): boolean {
  return PRIVATE_IPV4_RANGES.some(({ network, mask }) => (value & mask) >>> 0 === network);
}

/** Eight 16-bit groups; accepts '::' compression and a trailing dotted quad. Input must be valid. */
function parseIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted !== null) {
    const v4 = parseIPv4(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = groups(head);
  if (tail === undefined) return left;
  const right = groups(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function embeddedIPv4(high: number, low: number): number {
  return ((high << 16) | low) >>> 0;
}

function isPrivateIPv6(g: number[]): boolean {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return isPrivateIPv4(embeddedIPv4(g[6], g[7])); // ::ffff:a.b.c.d
  if (zeros(0, 6)) return true; // ::, ::1 and deprecated IPv4-compatible ::a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return isPrivateIPv4(embeddedIPv4(g[6], g[7])); // NAT64
  if (g[0] === 0x2002) return isPrivateIPv4(embeddedIPv4(g[1], g[2])); // 6to4
  if ((g[0] & 0xe000) !== 0x2000) return true; // not global unicast 2000::/3 (fc00::/7, fe80::/10, ff00::/8, …)
  if (g[0] === 0x2001 && g[1] < 0x200) return true; // 2001::/23 IETF protocol assignments (Teredo, ORCHID, …)
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true; // 2001:db8::/32 documentation
  if (g[0] === 0x3fff && g[1] < 0x1000) return true; // 3fff::/20 documentation
  return false;
}
