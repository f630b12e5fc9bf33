import { mailboxHash } from "./mailbox-hash";

/** Anything shaped like an address, as our forms accept them (ASCII, z.email). */
const ADDRESS = /[A-Za-z0-9._%+'!#$&*=?^`{|}~-]+@[A-Za-z0-9.-]+\.[A-Za-z0-9-]+/g;
export const ERASED_ADDRESS = "[erased]";

/** `text` with every address of the hashed mailbox (any spelling) replaced by "[erased]". */
export function eraseAddressesInText(text: string, hash: string): string {
  return text.replace(ADDRESS, (found) => (mailboxHash(found) === hash ? ERASED_ADDRESS : found));
}

/**
 * A JSON value (an audit event's metadata) with every address of the hashed mailbox erased from its
 * strings and its keys, whatever the nesting; everything else as it was.
 */
export function eraseAddressesInJson(value: unknown, hash: string): unknown {
  if (typeof value === "string") return eraseAddressesInText(value, hash);
  if (Array.isArray(value)) return value.map((v) => eraseAddressesInJson(v, hash));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [eraseAddressesInText(k, hash), eraseAddressesInJson(v, hash)]),
    );
  }
  return value;
}
