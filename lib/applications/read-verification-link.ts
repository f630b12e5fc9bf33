import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ApplicationStage, MemberRole } from "@/db/enums";
import { interestApplications } from "@/db/schema";
import { findExistingForEmails } from "./find-existing-for-emails";
import { STATUS_VISIBLE_DAYS_AFTER_DECISION } from "./status-visibility";
import { hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";


/** What the holder of a verification link may see: they read the email, so the address is theirs. */
export interface LinkedApplication {
  email: string;
  fullName: string;
  companyName: string | null;
  stage: ApplicationStage;
  createdAt: Date;
  verifiedAt: Date | null;
  decidedAt: Date | null;
  /** What else this address has in the registry: the duplicates its owner should know of. */
  alsoHas: {
    providers: { name: string; role: MemberRole }[];
    /** Its other applications not yet decided (awaiting confirmation or in review), oldest first. */
    pendingApplications: { companyName: string | null; stage: ApplicationStage; createdAt: Date }[];
  };
}

export type VerificationLink =
  /** Malformed or unknown: nothing is said of any application. */
  | { state: "invalid" }
  /** Never confirmed and too old to confirm with: only the way to a new link, nothing of the application. */
  | { state: "expired" }
  /** Decided longer ago than the status stays visible: the link shows nothing any more. */
  | { state: "closed" }
  /** Waiting for the button ("usable") or already confirmed (the status view). */
  | { state: "usable" | "confirmed"; application: LinkedApplication };

/**
 * Reads what a verification link opens, changing nothing (mail scanners open links). The same link
 * confirms the address once and afterwards shows the application's status: no account and no second
 * secret, and only the mailbox that received the link can see it. An expired link of an unconfirmed
 * application and a link whose decision is older than STATUS_VISIBLE_DAYS_AFTER_DECISION see nothing.
 */
export async function readVerificationLink(db: Db, params: { token: string | undefined; now?: Date }): Promise<VerificationLink> {
  if (!isWellFormedToken(params.token)) return { state: "invalid" };
  const now = params.now ?? new Date();
  const [row] = await db
    .select({
      id: interestApplications.id,
      email: interestApplications.email,
      fullName: interestApplications.fullName,
      companyName: interestApplications.companyName,
      stage: interestApplications.stage,
      createdAt: interestApplications.createdAt,
      verifiedAt: interestApplications.verifiedAt,
      decidedAt: interestApplications.decidedAt,
      expiresAt: interestApplications.tokenExpiresAt,
    })
    .from(interestApplications)
    .where(eq(interestApplications.tokenHash, hashVerificationToken(params.token)))
    .limit(1);
  if (!row) return { state: "invalid" };
  const confirmed = row.stage !== "AWAITING_VERIFICATION";
  if (!confirmed && row.expiresAt.getTime() <= now.getTime()) return { state: "expired" };
  const visibleUntil = row.decidedAt && row.decidedAt.getTime() + STATUS_VISIBLE_DAYS_AFTER_DECISION * 86_400_000;
  if (visibleUntil && visibleUntil <= now.getTime()) return { state: "closed" };

  const existing = (await findExistingForEmails(db, { emails: [row.email] })).get(row.email)!;
  const { id: _id, expiresAt: _expiresAt, ...application } = row;
  return {
    state: confirmed ? "confirmed" : "usable",
    application: {
      ...application,
      alsoHas: {
        providers: existing.providers.map((p) => ({ name: p.name, role: p.role })),
        pendingApplications: existing.applications
          .filter((a) => a.id !== row.id && (a.stage === "AWAITING_VERIFICATION" || a.stage === "IN_REVIEW"))
          .map((a) => ({ companyName: a.companyName, stage: a.stage, createdAt: a.createdAt })),
      },
    },
  };
}
