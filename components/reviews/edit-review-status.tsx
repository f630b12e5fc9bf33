import type { ReviewRow } from "@/db/schema-reviews";
import { formatDateTime } from "@/components/ui/format";
import own from "./review-form.module.css";

/** Where the review stands, above the edit form; after a save, says it was saved. */
export function EditReviewStatus({ review, saved }: { review: ReviewRow; saved: boolean }) {
  const lines: string[] = [];
  if (review.status === "PENDING") lines.push(`Your review is published on ${formatDateTime(review.publishAfter)}, unless you change or withdraw it first.`);
  if (review.status === "PUBLISHED") {
    lines.push("Your review is published on the provider's profile.");
    if (review.pendingEdit && review.pendingEditPublishAfter) {
      lines.push(`Your changes replace it on ${formatDateTime(review.pendingEditPublishAfter)}; until then the profile shows it as before.`);
    }
  }
  if (review.status === "WITHDRAWN") lines.push("You withdrew this review. It is not shown and does not count in the provider's rating.");
  if (review.status === "REJECTED" || review.status === "REMOVED") lines.push("Provider Registry took this review down, so it can no longer be edited.");
  return (
    <div className={own.notice} role={saved ? "status" : undefined}>
      {saved ? <p><strong>Your changes are saved.</strong></p> : null}
      {lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
    </div>
  );
}
