import { isIP } from "node:net";

// The per-IP limits' counting key, beside mailbox-key.ts (the per-address one): the address itself comes
// validated from the transport (lib/http/client-ip.ts).

/**
 * What the per-IP limit counts: an IPv4 address, or the /64 network of an IPv6 address, since one
 * IPv6 subscriber is given at least a /64 and could otherwise take a new address for every request.
 */
export function ipRateLimitSubject(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, as lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((g) => parseInt(g, 16).toString(16));
}

/**
 * The network an analytics visitor key starts from (extensions §7): the /24 of an IPv4 address, the
 * /48 of an IPv6 one, so the key never holds a whole address.
 */
export function analyticsNetworkPrefix(address: string): string {
  const version = isIP(address);
  if (version === 4) return `${address.split(".").slice(0, 3).join(".")}.0/24`;
  if (version === 6) return `${ipv6Groups(address).slice(0, 3).join(":")}::/48`;
  return "unknown";
}
