import { isIP } from "node:net";
import { env } from "@/lib/config/env";
import { peerAddressFromHeaders } from "./peer-address";

// Who the client is, for the per-IP limit and for Turnstile's `remoteip`. Only two sources are
// believed: the socket's peer (stamped by the request guard, see peer-address.ts) and, behind
// TRUSTED_PROXY_HOPS proxies, the entry the outermost of them appended to X-Forwarded-For. Whatever
// is chosen must be an IP address; nothing else a client sends ever becomes a key.

/** Longest text form of an IP address (an IPv6 address with an IPv4 tail); anything longer is not one. */
const MAX_ADDRESS_LENGTH = 45;

/**
 * The canonical form of an IPv4 or IPv6 address, or null for anything else (names, ports, brackets,
 * zone ids, lists, empty text). IPv4-mapped IPv6 addresses (`::ffff:192.0.2.1`, as a dual-stack
 * socket reports IPv4 peers) become the IPv4 address; IPv6 is lower-cased and compressed.
 */
export function parseIpAddress(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (text.length === 0 || text.length > MAX_ADDRESS_LENGTH) return null;
  const version = isIP(text);
  if (version === 4) return text;
  if (version !== 6 || text.includes("%")) return null;
  // The URL parser prints IPv6 hosts in their canonical (RFC 5952) form.
  const canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const high = parseInt(mapped[1]!, 16);
    const low = parseInt(mapped[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return canonical;
}

/**
 * The client's address from a request's headers.
 * - TRUSTED_PROXY_HOPS=0 (no proxy): the socket's peer. X-Forwarded-For is the client's own text.
 * - N proxies: the Nth entry from the right of X-Forwarded-For, which the outermost trusted proxy
 *   appended. When there are fewer than N entries (the request did not come through every proxy) or
 *   that entry is not an IP address, the socket's peer is used: it is the one address no client can
 *   write, so garbage is grouped under the proxy's address rather than turned into a key of its own.
 * Null only when not even the peer is known (a request the guard did not see); the per-IP limit
 * then does not apply to it and Turnstile gets no `remoteip`.
 */
export function clientIpFromHeaders(headers: Pick<Headers, "get">, trustedHops = env().TRUSTED_PROXY_HOPS): string | null {
  const peer = parseIpAddress(peerAddressFromHeaders(headers));
  if (trustedHops === 0) return peer;
  const entries = (headers.get("x-forwarded-for") ?? "").split(",");
  if (entries.length < trustedHops || (entries.length === 1 && entries[0]!.trim() === "")) return peer;
  return parseIpAddress(entries[entries.length - trustedHops]) ?? peer;
}

/** clientIpFromHeaders for a route handler's request. */
export function clientIpFor(request: Request): string | null {
  return clientIpFromHeaders(request.headers);
}
