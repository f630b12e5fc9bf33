import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { interestApplications, users } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { enqueueEmail } from "@/lib/email/outbox";
import { approvalEmail } from "@/lib/applications/emails";
import { createSignInLink } from "@/lib/auth/create-sign-in-link";
import { createProvider } from "@/lib/providers/create-provider";
import { deciderUserId, lockApplicationForDecision } from "./lock-application-for-decision";
import { portfolioFromLinks } from "./portfolio-from-links";

export interface ApprovedApplication {
  applicationId: string;
  providerId: string;
  providerSlug: string;
}

/**
 * Approves an application in review: the applicant gets a user account (or keeps theirs), an
 * approved but unpublished provider they own, and an approval email, all in one transaction.
 */
export async function approveApplication(
  db: Db,
  params: { applicationId: string; actor: Actor },
): Promise<ApprovedApplication> {
  return db.transaction(async (tx) => {
    const application = await lockApplicationForDecision(tx, params.applicationId);

    // ON CONFLICT: the applicant may already have an account, or be approved for another company at this moment.
    const [newUser] = await tx
      .insert(users)
      .values({ email: application.email, name: application.fullName })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (newUser) {
      await recordAuditEvent(tx, {
        actor: params.actor,
        providerId: null,
        action: "user.created",
        targetType: "user",
        targetId: newUser.id,
        metadata: { email: application.email, via: "application.approved" },
      });
    }

    const providerName = application.companyName?.trim() || application.fullName;
    const provider = await createProvider(tx, {
      name: providerName,
      ownerEmail: application.email,
      approved: true,
      published: false,
      description: application.description,
      specialties: application.specialties,
      // Nothing the applicant gave is lost: their links become the first portfolio items (extensions §1).
      portfolio: portfolioFromLinks(application.portfolioLinks),
      actor: params.actor,
    });

    await tx
      .update(interestApplications)
      .set({
        stage: "APPROVED",
        decidedAt: new Date(),
        decidedByUserId: deciderUserId(params.actor),
        providerId: provider.id,
      })
      .where(eq(interestApplications.id, application.id));

    // The email signs the new owner in and lands in their studio: no second trip through /signin.
    const signIn = await createSignInLink(tx, {
      email: application.email,
      returnPath: "/studio",
      purpose: { kind: "approval", providerName: provider.name },
    });
    await enqueueEmail(tx, {
      kind: "APPROVAL",
      to: application.email,
      message: approvalEmail({
        fullName: application.fullName,
        providerName: provider.name,
        signInUrl: signIn.url,
        signInExpires: signIn.expires,
      }),
    });
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: provider.id,
      action: "application.approved",
      targetType: "interest_application",
      targetId: application.id,
      metadata: { email: application.email, providerSlug: provider.slug },
    });
    return { applicationId: application.id, providerId: provider.id, providerSlug: provider.slug };
  });
}
