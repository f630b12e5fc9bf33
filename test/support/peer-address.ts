import { PEER_ADDRESS_HEADER, peerAddressValue } from "@/lib/http/peer-address";

/** The header the request guard stamps on a request whose socket peer is `address` (see peer-address.ts). */
export function peerAddressHeaders(address: string): Record<string, string> {
  return { [PEER_ADDRESS_HEADER]: peerAddressValue(address) };
}
