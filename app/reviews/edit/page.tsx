import { connection } from "next/server";
import { EditReviewStatus } from "@/components/reviews/edit-review-status";
import { ReviewForm } from "@/components/reviews/review-form";
import { ReviewLinkProblem } from "@/components/reviews/review-link-problem";
import { reviewFormDefaults } from "@/components/reviews/review-form-defaults";
import { WithdrawPanel } from "@/components/reviews/withdraw-panel";
import { reviewPageMetadata } from "@/components/reviews/review-page-metadata";
import { singleParam } from "@/components/ui/token-page";
import { databaseReady } from "@/db";
import { AppError } from "@/lib/errors";
import { getReviewForEditing } from "@/lib/reviews/get-review-for-editing";

export const metadata = reviewPageMetadata({ title: "Edit your review", description: "Change or withdraw the review you wrote." });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The reviewer's private edit page: the review's form prefilled, Save, and Withdraw with its confirm step. GET changes nothing. */
export default async function EditReviewPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const params = await searchParams;
  const token = singleParam(params, "token");
  let found;
  try {
    found = await getReviewForEditing(await databaseReady(), { token, now: new Date() });
  } catch (error) {
    if (error instanceof AppError) return <ReviewLinkProblem code={error.code} message={error.message} />;
    throw error;
  }
  const { review, latest, providerName } = found;
  const editable = review.status === "PENDING" || review.status === "PUBLISHED";
  return (
    <section aria-labelledby="edit-review-heading">
      <h1 id="edit-review-heading">Your review of {providerName}</h1>
      <EditReviewStatus review={review} saved={singleParam(params, "saved") === "1"} />
      {editable ? (
        <>
          <ReviewForm mode="edit" token={token!} reviewId={review.id} providerName={providerName} defaults={reviewFormDefaults(latest)} />
          <WithdrawPanel token={token!} reviewId={review.id} published={review.status === "PUBLISHED"} />
        </>
      ) : null}
    </section>
  );
}
