import { connection } from "next/server";
import { ReviewForm } from "@/components/reviews/review-form";
import { ReviewLinkProblem } from "@/components/reviews/review-link-problem";
import { reviewPageMetadata } from "@/components/reviews/review-page-metadata";
import { singleParam } from "@/components/ui/token-page";
import { databaseReady } from "@/db";
import { AppError } from "@/lib/errors";
import { openInvitation } from "@/lib/reviews/open-invitation";
import { REVIEW_COOLOFF_HOURS } from "@/lib/reviews/review-rules";

export const metadata = reviewPageMetadata({ title: "Write a review", description: "Tell other clients how your project went." });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The review form, from the invitation's link. Opening it changes nothing; only sending the form does. */
export default async function WriteReviewPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const token = singleParam(await searchParams, "token");
  let invitation;
  try {
    invitation = await openInvitation(await databaseReady(), { token, now: new Date() });
  } catch (error) {
    if (error instanceof AppError) return <ReviewLinkProblem code={error.code} message={error.message} />;
    throw error;
  }
  const { prefill } = invitation;
  return (
    <section aria-labelledby="write-review-heading">
      <h1 id="write-review-heading">Review {invitation.providerName}</h1>
      <p className="lede">
        Did you work with {invitation.providerName}? Other clients would like to know how it went — good or bad. Your review
        is published {REVIEW_COOLOFF_HOURS} hours after you send it, with your name shown as you choose below.
      </p>
      <ReviewForm
        mode="write"
        token={token!}
        providerName={invitation.providerName}
        defaults={{ reviewerName: prefill.reviewerName, reviewerCompany: prefill.reviewerCompany ?? "", projectBudget: prefill.projectBudget ?? "" }}
      />
    </section>
  );
}
