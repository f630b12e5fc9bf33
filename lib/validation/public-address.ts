/**
 * Whether an IP address belongs to the public internet: the one address rule of the project.
 *
 * Two callers judge addresses. `isPublicHostname` (primitives.ts) judges an IP literal written in a URL
 * (listing links, webhook URLs at creation); the webhook sender judges every address a name resolves
 * to, at every attempt, before it connects (lib/webhooks/destination.ts). Both must refuse the same
 * ranges, so the ranges live here once. The module is plain TypeScript with no Node.js import because
 * primitives.ts also runs in the browser (form validation).
 *
 * The rule is an allow-list where it can be: IPv4 minus the special-purpose ranges IANA lists as not
 * globally reachable (plus documentation, benchmarking and the old 6to4 relay), and for IPv6 only
 * global unicast (2000::/3) minus its special blocks. Forms that carry an IPv4 address inside an IPv6
 * one (IPv4-mapped, 6to4, the NAT64 well-known prefix) are judged by the IPv4 address they carry, so
 * `::ffff:127.0.0.1` or `2002:7f00:1::` is loopback, and a DNS64 answer for a public host stays public.
 * Teredo (2001::/32) is refused outright: its client address is obfuscated and no real server sits
 * there. Anything that does not parse as an address is not public (fail closed).
 */

export type AddressRange =
  | "public"
  | "unspecified"
  | "loopback"
  | "private"
  | "link-local"
  | "shared"
  | "multicast"
  | "broadcast"
  | "reserved"
  | "documentation"
  | "benchmarking"
  | "unique-local"
  | "teredo"
  | "invalid";

type Ipv4Block = readonly [number, number, AddressRange]; // network as a 32-bit number, prefix length, range

const ipv4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

// Most specific first: 255.255.255.255 is named before 240.0.0.0/4 swallows it.
const IPV4_BLOCKS: readonly Ipv4Block[] = [
  [ipv4(255, 255, 255, 255), 32, "broadcast"],
  [ipv4(0, 0, 0, 0), 8, "unspecified"], // "this network"
  [ipv4(10, 0, 0, 0), 8, "private"],
  [ipv4(100, 64, 0, 0), 10, "shared"], // carrier-grade NAT
  [ipv4(127, 0, 0, 0), 8, "loopback"],
  [ipv4(169, 254, 0, 0), 16, "link-local"], // cloud metadata at 169.254.169.254
  [ipv4(172, 16, 0, 0), 12, "private"],
  [ipv4(192, 0, 0, 0), 24, "reserved"], // IETF protocol assignments
  [ipv4(192, 0, 2, 0), 24, "documentation"],
  [ipv4(192, 88, 99, 0), 24, "reserved"], // deprecated 6to4 relay anycast
  [ipv4(192, 168, 0, 0), 16, "private"],
  [ipv4(198, 18, 0, 0), 15, "benchmarking"],
  [ipv4(198, 51, 100, 0), 24, "documentation"],
  [ipv4(203, 0, 113, 0), 24, "documentation"],
  [ipv4(224, 0, 0, 0), 4, "multicast"],
  [ipv4(240, 0, 0, 0), 4, "reserved"],
];

/** Which range an IP address (IPv4 dotted quad or IPv6, without brackets) falls in. */
export function addressRange(ip: string): AddressRange {
  const v4 = parseIpv4(ip);
  if (v4 !== null) return ipv4Range(v4);
  const v6 = parseIpv6(ip);
  return v6 === null ? "invalid" : ipv6Range(v6);
}

export function isPublicAddress(ip: string): boolean {
  return addressRange(ip) === "public";
}

/** 127.0.0.0/8 and ::1 only: what the loopback switch of tests and local development permits. */
export function isLoopbackAddress(ip: string): boolean {
  const v4 = parseIpv4(ip);
  if (v4 !== null) return ipv4Range(v4) === "loopback";
  const v6 = parseIpv6(ip);
  return v6 !== null && v6.slice(0, 7).every((group) => group === 0) && v6[7] === 1;
}

function ipv4Range(address: number): AddressRange {
  for (const [network, prefix, range] of IPV4_BLOCKS) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    if (((address & mask) >>> 0) === network) return range;
  }
  return "public";
}

function ipv6Range(g: readonly number[]): AddressRange {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embeddedLow = ((g6 << 16) | g7) >>> 0;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (upperZero && g5 === 0xffff) return ipv4Range(embeddedLow); // IPv4-mapped ::ffff:a.b.c.d
  if (upperZero && g5 === 0 && g6 === 0 && g7 <= 1) return g7 === 1 ? "loopback" : "unspecified";
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Range(embeddedLow); // NAT64
  if (g0 === 0x2002) return ipv4Range(((g1 << 16) | g2) >>> 0); // 6to4 carries its IPv4 address in bits 16-47
  if (g0 === 0x2001 && g1 === 0) return "teredo";
  if (g0 === 0x2001 && g1 === 0x0db8) return "documentation";
  if (g0 === 0x2001 && g1 < 0x0200) return "reserved"; // 2001::/23, IETF protocol assignments
  if (g0 === 0x3fff && g1 < 0x1000) return "documentation"; // 3fff::/20
  if (g0 >= 0x2000 && g0 <= 0x3fff) return "public"; // global unicast, 2000::/3
  if ((g0 & 0xfe00) === 0xfc00) return "unique-local";
  if ((g0 & 0xffc0) === 0xfe80) return "link-local";
  if ((g0 & 0xff00) === 0xff00) return "multicast";
  return "reserved"; // the rest of the space outside 2000::/3: IPv4-compatible, discard-only, unassigned
}

/** A dotted quad of four decimal numbers 0-255, as resolvers and the URL parser write them. */
function parseIpv4(text: string): number | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  if (parts.some((part) => part > 255)) return null;
  const [a = 0, b = 0, c = 0, d = 0] = parts;
  return ipv4(a, b, c, d);
}

/**
 * Eight 16-bit groups, or null. Accepts `::` compression and a trailing dotted quad; refuses a zone
 * (`fe80::1%eth0`: only scoped, never public, addresses carry one) and anything else unusual.
 */
function parseIpv6(text: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.length > 45) return null;
  const halves = text.split("::");
  if (halves.length > 2 || (halves.length === 2 && halves[0]!.includes("."))) return null;
  const parseGroups = (part: string): number[] | null => {
    if (part === "") return [];
    const groups: number[] = [];
    const pieces = part.split(":");
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes(".")) {
        const v4 = parseIpv4(piece);
        if (v4 === null) return null;
        groups.push(v4 >>> 16, v4 & 0xffff);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = parseGroups(halves[0] ?? "");
  const tail = halves.length === 2 ? parseGroups(halves[1] ?? "") : [];
  if (head === null || tail === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}
