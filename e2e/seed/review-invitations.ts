import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inquiries, providers } from "../../db/schema";
import { sendReviewInvitations } from "../../lib/reviews/send-review-invitations";
import type { FixtureSet } from "./types";

// Fixtures of the review invitations spec (e2e/review-invitations.spec.ts): a provider (unlisted, so
// the directory's pages do not change) with two delivered inquiries. The recent one is for the owner
// to mark "We worked together"; the old one (50 days) is invited by the seed's run of the invitation
// sweep, as the maintenance timer would, so its email with the decline link is in the mailbox.
export const REVIEW_INVITATIONS_FIXTURES = {
  providers: [
    {
      name: "E2E Invite Studio",
      slug: "e2e-invite-studio",
      approved: true,
      published: false,
      headline: "Asks its clients how it went",
      owner: { email: "invite-owner@e2e.example", name: "Ivy Owner" },
    },
  ],
} satisfies FixtureSet;

export const INVITE_SENDERS = {
  recent: { name: "Rachel Recent", email: "invite-recent@e2e.example", company: "Recent Rolls", deliveredDaysAgo: 2 },
  old: { name: "Oscar Old", email: "invite-old@e2e.example", company: "Old Oak", deliveredDaysAgo: 50 },
} as const;

const DAY_MS = 86_400_000;

/** The two inquiries, then one run of the invitation sweep. */
export async function seedReviewInvitations(db: Db, now: Date): Promise<void> {
  const slug = REVIEW_INVITATIONS_FIXTURES.providers[0]!.slug;
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.slug, slug));
  for (const sender of Object.values(INVITE_SENDERS)) {
    const deliveredAt = new Date(now.getTime() - sender.deliveredDaysAgo * DAY_MS);
    await db.insert(inquiries).values({
      providerId: provider!.id,
      senderName: sender.name,
      senderEmail: sender.email,
      senderCompany: sender.company,
      budget: "5k-25k",
      message: "We would like a new website for our shop, launching next quarter.",
      status: "REPLIED",
      tokenHash: `unusable:${randomBytes(16).toString("hex")}`,
      tokenExpiresAt: deliveredAt,
      createdAt: deliveredAt,
      deliveredAt,
      statusChangedAt: deliveredAt,
      firstResponseAt: deliveredAt,
    });
  }
  await sendReviewInvitations(db, { now });
}
