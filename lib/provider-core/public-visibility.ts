import { and, eq } from "drizzle-orm";
import type { ApprovalStatus } from "@/db/enums";
import { providers } from "@/db/schema";

/** The one rule for what the public sees: approved AND published. Every public query uses it. */
export const isPubliclyListed = and(eq(providers.approvalStatus, "APPROVED"), eq(providers.publicProfile, true))!;

/** The same rule for a provider already loaded: what the studio and the console say about visibility. */
export function isListed(provider: { approvalStatus: ApprovalStatus; publicProfile: boolean }): boolean {
  return provider.approvalStatus === "APPROVED" && provider.publicProfile;
}
