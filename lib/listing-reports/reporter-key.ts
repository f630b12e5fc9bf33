import { createHash } from "node:crypto";

/**
 * The reporter's key: a hash of the client's address (IPv4, or the IPv6 /64 as the rate limits count
 * it), so reports can be counted per client without storing the address. An unknown client is one
 * client of its own. Never shown to the provider.
 */
export function reporterKeyFor(clientSubject: string): string {
  return createHash("sha256").update(`listing-report\n${clientSubject}`, "utf8").digest("hex");
}
