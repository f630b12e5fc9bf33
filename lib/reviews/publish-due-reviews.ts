import { eq, inArray, sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { inquiries, providers } from "@/db/schema";
import { reviews } from "@/db/schema-reviews";
import { env } from "@/lib/config/env";
import { enqueueEmails } from "@/lib/email/outbox";
import type { EmailKind } from "@/db/enums";
import type { EmailMessage } from "@/lib/email/layout";
import { listManagerEmails } from "@/lib/provider-core/list-manager-emails";
import { writeWebhookMessage } from "@/lib/webhooks/write-webhook-message";
import { reviewPublishedToProviderEmail, reviewPublishedToReviewerEmail } from "./publication-emails";
import { refreshReviewStats } from "./refresh-review-stats";
import { optedOutAddresses } from "./review-email-optout";
import { reviewFlags } from "./review-flags";
import { REVIEW_BURST_LIMIT, REVIEW_BURST_WINDOW_HOURS, REVIEW_SPAM_GRACE_HOURS } from "./review-rules";
import { reviewEditSchema } from "./review-schemas";

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** Reviews one run handles at most; the rest wait for the next. */
const PER_RUN = 500;

interface Candidate extends Record<string, unknown> {
  id: string;
  provider_id: string;
  edit: boolean;
  title: string;
  body: string;
  incentive: string | null;
  reviewer_name: string;
  reviewer_role: string | null;
  reviewer_company: string | null;
  burst: boolean;
  late_spam: boolean;
}

/**
 * The moderation path of extensions §4. Every review waits out its cool-off (publish_after), then
 * publishes, unless a flag holds it for an admin: a burst of reviews for one provider, the inquiry
 * marked spam after the grace period, or contact details in the words. An edit of a published review
 * waits the same way in pending_edit and replaces the published text when due (edited_at set).
 * The candidates' query selects no rating and reviewFlags takes none: the path is rating-blind.
 *
 * With `reviewIds` (an admin's "publish"), those pending reviews or pending edits publish now,
 * whatever their flags or cool-off. Rows are locked (SKIP LOCKED for the sweep), so two runs at once
 * publish each review once and email once; stats, ranking and listing version move in this transaction.
 */
export async function publishDueReviews(
  db: Db,
  params: { now: Date; reviewIds?: string[] },
): Promise<{ published: number; held: number; edits: number }> {
  const { now } = params;
  const forced = params.reviewIds;
  if (forced && forced.length === 0) return { published: 0, held: 0, edits: 0 };
  const chosen = forced
    ? sql`r.id = any(string_to_array(${forced.join(",")}, ',')::uuid[])
        and (r.status = 'PENDING' or (r.status = 'PUBLISHED' and r.pending_edit is not null))`
    : sql`((r.status = 'PENDING' and r.publish_after <= ${at(now)})
          or (r.status = 'PUBLISHED' and r.pending_edit is not null and r.pending_edit_publish_after <= ${at(now)}))
        and cardinality(r.flags) = 0`;
  const burstWindow = sql`make_interval(hours => ${REVIEW_BURST_WINDOW_HOURS}::int)`;
  const candidates = await executeRows<Candidate>(
    db,
    sql`
      select r.id, r.provider_id, (r.status = 'PUBLISHED') as edit,
        coalesce(r.pending_edit->>'title', r.title) as title, coalesce(r.pending_edit->>'body', r.body) as body,
        case when r.pending_edit ? 'incentive' then r.pending_edit->>'incentive' else r.incentive end as incentive,
        coalesce(r.pending_edit->>'reviewerName', r.reviewer_name) as reviewer_name,
        case when r.pending_edit ? 'reviewerRole' then r.pending_edit->>'reviewerRole' else r.reviewer_role end as reviewer_role,
        case when r.pending_edit ? 'reviewerCompany' then r.pending_edit->>'reviewerCompany' else r.reviewer_company end as reviewer_company,
        (select count(*) from reviews o where o.provider_id = r.provider_id
           and o.created_at between r.created_at - ${burstWindow} and r.created_at + ${burstWindow}) > ${REVIEW_BURST_LIMIT}::int as burst,
        (i.status = 'SPAM' and i.status_changed_at > i.delivered_at + make_interval(hours => ${REVIEW_SPAM_GRACE_HOURS}::int)) as late_spam
      from reviews r
      join inquiries i on i.id = r.inquiry_id
      where ${chosen}
      order by r.publish_after, r.id
      limit ${PER_RUN}
      for update of r ${forced ? sql`` : sql`skip locked`}`,
  );

  const totals = { published: 0, held: 0, edits: 0 };
  const publishedNow: { id: string; providerId: string; edit: boolean }[] = [];
  for (const c of candidates) {
    const flags = reviewFlags({
      words: {
        title: c.title,
        body: c.body,
        incentive: c.incentive,
        reviewerName: c.reviewer_name,
        reviewerRole: c.reviewer_role,
        reviewerCompany: c.reviewer_company,
      },
      burst: c.burst,
      lateSpam: c.late_spam,
    });
    if (!forced && flags.length > 0) {
      await db.update(reviews).set({ flags, updatedAt: now }).where(eq(reviews.id, c.id));
      totals.held += 1;
      continue;
    }
    if (c.edit) {
      await applyPendingEdit(db, { id: c.id, now });
      totals.edits += 1;
    } else {
      // The rating is read only now, after the rating-blind decision: the webhook event carries it.
      const [published] = await db
        .update(reviews)
        .set({ status: "PUBLISHED", publishedAt: now, flags: [], updatedAt: now })
        .where(eq(reviews.id, c.id))
        .returning({ overall: reviews.overall });
      await writeWebhookMessage(db, {
        providerId: c.provider_id,
        now,
        event: { type: "review.published", data: { review: { id: c.id, overall: published!.overall } } },
      });
      totals.published += 1;
    }
    publishedNow.push({ id: c.id, providerId: c.provider_id, edit: c.edit });
  }
  if (publishedNow.length === 0) return totals;

  await refreshReviewStats(db, { now, providerIds: [...new Set(publishedNow.map((p) => p.providerId))] });
  await queuePublishedEmails(db, publishedNow);
  return totals;
}

/** Replaces the published fields with the pending edit (validated again: it was stored validated). */
async function applyPendingEdit(db: Db, params: { id: string; now: Date }) {
  const [row] = await db.select({ pendingEdit: reviews.pendingEdit }).from(reviews).where(eq(reviews.id, params.id));
  const parsed = reviewEditSchema.safeParse(row?.pendingEdit ?? {});
  const { workedTogether: _attested, ...fields } = parsed.success ? parsed.data : {};
  await db
    .update(reviews)
    .set({
      ...fields,
      ...(fields.projectBudget === undefined ? {} : { projectBudget: fields.projectBudget ?? null }),
      pendingEdit: null,
      pendingEditPublishAfter: null,
      editedAt: params.now,
      flags: [],
      updatedAt: params.now,
    })
    .where(eq(reviews.id, params.id));
}

async function queuePublishedEmails(db: Db, published: { id: string; providerId: string; edit: boolean }[]) {
  const appUrl = env().APP_URL;
  const rows = await db
    .select({ id: reviews.id, providerId: reviews.providerId, senderEmail: inquiries.senderEmail, erasedAt: inquiries.erasedAt, slug: providers.slug, providerName: providers.name })
    .from(reviews)
    .innerJoin(inquiries, eq(inquiries.id, reviews.inquiryId))
    .innerJoin(providers, eq(providers.id, reviews.providerId))
    .where(inArray(reviews.id, published.map((p) => p.id)));
  const optedOut = await optedOutAddresses(db, rows.map((r) => r.senderEmail));
  const managers = await listManagerEmails(db, { providerIds: [...new Set(rows.map((r) => r.providerId))] });
  const emails: { kind: EmailKind; to: string; message: EmailMessage }[] = [];
  for (const row of rows) {
    const edit = published.find((p) => p.id === row.id)?.edit ?? false;
    if (!row.erasedAt && !optedOut.has(row.senderEmail)) {
      emails.push({
        kind: "REVIEW_PUBLISHED",
        to: row.senderEmail,
        message: reviewPublishedToReviewerEmail({ providerName: row.providerName, profileUrl: `${appUrl}/providers/${row.slug}`, edit }),
      });
    }
    const toProvider = reviewPublishedToProviderEmail({ reviewsUrl: `${appUrl}/studio/reviews`, edit });
    for (const to of managers.get(row.providerId) ?? []) emails.push({ kind: "REVIEW_PUBLISHED", to, message: toProvider });
  }
  await enqueueEmails(db, emails);
}

