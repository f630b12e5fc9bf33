import { and, eq, gte } from "drizzle-orm";
import freeMailDomains from "email-providers/all.json";
import { getDomain } from "tldts";
import type { Db } from "@/db/client";
import { inquiries, providerMembers, providers, users } from "@/db/schema";
import { reviews } from "@/db/schema-reviews";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { REVIEW_REPEAT_WINDOW_MONTHS } from "./review-rules";

/** Why a sender may not review a provider (extensions §4), checked when inviting and again on submit. */
export type ReviewConflict = "MEMBER" | "DOMAIN" | "RECENT_REVIEW";

// Free-mail domains (email-providers' list, maintained from the providers' own lists): two people at
// gmail.com share nothing, so a shared free-mail domain is never a conflict.
const FREE_MAIL = new Set<string>(freeMailDomains);

/** The registrable domain (Public Suffix List) of a host name, or null for a free-mail or unknown one. */
export function organisationDomain(host: string | null | undefined): string | null {
  if (!host) return null;
  const domain = getDomain(host.toLowerCase());
  if (!domain || FREE_MAIL.has(domain)) return null;
  return domain;
}

const domainOfAddress = (address: string) => organisationDomain(address.slice(address.lastIndexOf("@") + 1));
const domainOfUrl = (url: string | null) => {
  if (!url) return null;
  try {
    return organisationDomain(new URL(url).hostname);
  } catch {
    return null;
  }
};

const monthsBefore = (now: Date, months: number) => {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

/**
 * The first conflict between a sender and a provider, or null:
 * - MEMBER: the sender's mailbox is that of any current or former member or invitee (a removed
 *   member or an unanswered invitation counts: people who were ever on the team);
 * - DOMAIN: the sender's registrable domain is the provider website's, or an accepted member's
 *   (free-mail domains never count);
 * - RECENT_REVIEW: the sender already has a published review of this provider from the last
 *   12 months (`excludeInquiryId`: the inquiry being reviewed now).
 * Mailboxes compare by mailboxKey, so "+tags" and Gmail dots do not get around it.
 */
export async function findReviewConflict(
  db: Db,
  params: { providerId: string; senderEmail: string; now: Date; excludeInquiryId?: string },
): Promise<ReviewConflict | null> {
  const sender = mailboxKey(params.senderEmail);
  const senderDomain = domainOfAddress(sender);

  const team = await db
    .select({ inviteEmail: providerMembers.inviteEmail, userEmail: users.email, inviteStatus: providerMembers.inviteStatus })
    .from(providerMembers)
    .leftJoin(users, eq(users.id, providerMembers.userId))
    .where(eq(providerMembers.providerId, params.providerId));
  for (const person of team) {
    for (const address of [person.inviteEmail, person.userEmail]) {
      if (address && mailboxKey(address) === sender) return "MEMBER";
    }
  }

  if (senderDomain) {
    const [provider] = await db
      .select({ websiteUrl: providers.websiteUrl })
      .from(providers)
      .where(eq(providers.id, params.providerId));
    if (domainOfUrl(provider?.websiteUrl ?? null) === senderDomain) return "DOMAIN";
    for (const person of team) {
      if (person.inviteStatus !== "ACCEPTED") continue;
      for (const address of [person.inviteEmail, person.userEmail]) {
        if (address && domainOfAddress(address) === senderDomain) return "DOMAIN";
      }
    }
  }

  const recent = await db
    .select({ inquiryId: reviews.inquiryId, senderEmail: inquiries.senderEmail })
    .from(reviews)
    .innerJoin(inquiries, eq(inquiries.id, reviews.inquiryId))
    .where(
      and(
        eq(reviews.providerId, params.providerId),
        eq(reviews.status, "PUBLISHED"),
        gte(reviews.publishedAt, monthsBefore(params.now, REVIEW_REPEAT_WINDOW_MONTHS)),
      ),
    );
  if (recent.some((r) => r.inquiryId !== params.excludeInquiryId && mailboxKey(r.senderEmail) === sender)) return "RECENT_REVIEW";
  return null;
}
