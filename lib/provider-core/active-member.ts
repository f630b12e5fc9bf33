import { isNull } from "drizzle-orm";
import { providerMembers } from "@/db/schema";

/**
 * The one meaning of "an active member": not removed (a removal sets revokedAt and is never undone;
 * a new invitation makes a new row). Pending and accepted members are both active.
 */
export function activeMember() {
  return isNull(providerMembers.revokedAt);
}
