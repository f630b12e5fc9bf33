import { randomBytes } from "node:crypto";
import { processSingleton } from "@/lib/config/process-singletons";

// The address of the TCP peer, carried from the Node.js server to route handlers and server actions.
// Next.js hands the app a web Request without the socket, and fills X-Forwarded-For with the socket
// address only when the client sent none, so a client choosing its own X-Forwarded-For would choose
// its own address. The request guard (request-guard.ts) therefore writes the socket address into a
// header of its own on every request, replacing anything a client sent under that name. The value
// starts with a secret of this process, so a copy the guard never saw (a request accepted in the
// moment before it was installed) is never believed.

export const PEER_ADDRESS_HEADER = "x-registry-peer-address";
const secret = processSingleton<string>("peer-address-secret");

/** This process's secret, made once; a process singleton, shared by every bundle that reads it. */
export function peerAddressSecret(): string {
  return secret.getOrCreate(() => randomBytes(24).toString("base64url"));
}

/** The header value that says "the socket's peer is `address`". */
export function peerAddressValue(address: string): string {
  return `${peerAddressSecret()} ${address}`;
}

/** Replaces any client-sent copy of the header with the socket's address (or removes it). */
export function stampPeerAddress(headers: Record<string, string | string[] | undefined>, address: string | undefined): void {
  if (address) headers[PEER_ADDRESS_HEADER] = peerAddressValue(address);
  else delete headers[PEER_ADDRESS_HEADER];
}

/** The stamped socket address, or null when the header is missing or was not written by this process. */
export function peerAddressFromHeaders(headers: Pick<Headers, "get">): string | null {
  const value = headers.get(PEER_ADDRESS_HEADER);
  const prefix = `${peerAddressSecret()} `;
  if (!value?.startsWith(prefix)) return null;
  return value.slice(prefix.length);
}
