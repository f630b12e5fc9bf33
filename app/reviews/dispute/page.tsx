import { PageHeader } from "@/components/ui/page-header";
import { singleParam, tokenPageMetadata } from "@/components/ui/token-page";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { isAppError } from "@/lib/errors";
import { findDisputeForAnswer, type DisputeForAnswer } from "@/lib/reviews/find-dispute-for-answer";
import { DISPUTE_REASON_LABELS } from "@/lib/reviews/moderation-labels";
import { REVIEW_DISPUTE_ANSWER_MAX } from "@/lib/reviews/review-rules";

export const metadata = tokenPageMetadata({ title: "Answer a dispute of your review" });
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The reviewer's side of a dispute, from the emailed link. GET only reads: it shows the reason's
 * category (never the provider's note, which is for the moderators and may hold what the reviewer
 * should not read) and a plain form that posts to /reviews/dispute/answer, so it works without JavaScript.
 */
export default async function DisputeAnswerPage({ searchParams }: { searchParams: SearchParams }) {
  const token = singleParam(await searchParams, "token");
  let dispute: DisputeForAnswer | null = null;
  try {
    dispute = await findDisputeForAnswer(await databaseReady(), { token });
  } catch (error) {
    if (!isAppError(error)) throw error;
  }
  if (!dispute || !token) {
    return (
      <>
        <PageHeader title="This link does not work" />
        <p>Use the link in the most recent email about the dispute. If the dispute is closed, there is nothing more to do.</p>
      </>
    );
  }
  return (
    <>
      <PageHeader title="A provider disputes your review" />
      <div className={ui.stack}>
        <p>
          Your review “{dispute.reviewTitle}” of {dispute.providerName} stays published while our moderators check it, marked as under review.
        </p>
        <p>
          <strong>The provider&apos;s reason:</strong> {DISPUTE_REASON_LABELS[dispute.reason]}.
        </p>
        {dispute.open ? (
          <form method="post" action="/reviews/dispute/answer" className={ui.stack}>
            <input type="hidden" name="token" value={token} />
            <div className={ui.field}>
              <label htmlFor="dispute-answer" className={ui.label}>
                Your side <span className={ui.muted}>(up to {REVIEW_DISPUTE_ANSWER_MAX} characters, read only by our moderators)</span>
              </label>
              <textarea
                id="dispute-answer"
                name="answer"
                rows={8}
                required
                maxLength={REVIEW_DISPUTE_ANSWER_MAX}
                defaultValue={dispute.answer ?? ""}
                className={ui.textarea}
              />
            </div>
            <p className={ui.muted}>
              We decide by {dispute.dueAt.toISOString().slice(0, 10)}. With no decision by then the mark is removed and your review stays.
              {dispute.answeredAt ? " You already answered; sending again replaces your answer." : ""}
            </p>
            <div className={ui.row}>
              <button type="submit" className={ui.button}>
                Send my answer
              </button>
            </div>
          </form>
        ) : (
          <p>This dispute is closed; there is nothing more to do.</p>
        )}
      </div>
    </>
  );
}
