import Link from "next/link";
import { TokenOutcome } from "@/components/ui/token-outcome";
import { outcomePageMetadata } from "@/components/ui/token-page";
import { REVIEW_COOLOFF_HOURS, REVIEW_EDIT_TTL_DAYS } from "@/lib/reviews/review-rules";

// Prerendered at build time: five minutes in a shared cache, not the year Next.js would give (as /signout).
export const revalidate = 300;
export const metadata = outcomePageMetadata("Thank you for your review");

/** Where the review form leads once the review is stored. */
export default function ReviewWrittenPage() {
  return (
    <TokenOutcome
      id="review-written-heading"
      tone="success"
      title="Thank you for your review"
      message={`Your review is published after ${REVIEW_COOLOFF_HOURS} hours, as every review is.`}
    >
      <p>
        We emailed you a private link to edit or withdraw it. It works for {REVIEW_EDIT_TTL_DAYS} days; please keep it to yourself.
      </p>
      <p>
        <Link href="/providers">Browse the provider directory</Link>
      </p>
    </TokenOutcome>
  );
}
