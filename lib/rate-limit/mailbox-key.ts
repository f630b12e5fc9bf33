import { normaliseEmail } from "@/lib/validation/primitives";

/**
 * Domains whose mail service ignores dots in the local part (and routes googlemail.com to the same
 * inboxes as gmail.com). Only providers that document it: elsewhere "a.b@" and "ab@" may be two people.
 */
const DOTS_IGNORED: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The mailbox an address delivers to, for counting per-address limits: the canonical address
 * (NFKC, trimmed, lower-case) without its "+tag" ("ada+1@example.com" → "ada@example.com"), and for
 * Gmail without dots ("a.da@googlemail.com" → "ada@gmail.com"). Every per-email limit counts this, so
 * plus-addressing cannot multiply a limit. It is a counting key only: the address is stored as typed.
 */
export function mailboxKey(address: string): string {
  const canonical = normaliseEmail(address);
  const at = canonical.lastIndexOf("@");
  if (at <= 0) return canonical;
  let local = canonical.slice(0, at);
  let domain = canonical.slice(at + 1);
  const plus = local.indexOf("+");
  // "+tag@" alone is an address of its own (an empty mailbox name is not one).
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTS_IGNORED[domain];
  if (dotless) {
    domain = dotless;
    local = local.replaceAll(".", "") || local;
  }
  return `${local}@${domain}`;
}
