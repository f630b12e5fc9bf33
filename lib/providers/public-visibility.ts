import { and, eq } from "drizzle-orm";
import { providers } from "@/db/schema";

/** The one rule for what the public sees: approved AND published. Every public query uses it. */
export const isPubliclyListed = and(eq(providers.approvalStatus, "APPROVED"), eq(providers.publicProfile, true))!;
