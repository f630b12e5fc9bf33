"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { editReviewReply } from "@/lib/reviews/edit-review-reply";
import { reviewDisputeActionSchema, reviewReplyActionSchema } from "@/lib/reviews/moderation-schemas";
import { openReviewDispute } from "@/lib/reviews/open-review-dispute";
import { replyToReview } from "@/lib/reviews/reply-to-review";

// The studio's review page (/studio/reviews): OWNER and ADMIN of the signed-in person's current
// provider; the same schemas and domain functions as /provider/studio/reviews.

export const replyToReviewAction = defineAction(
  { name: "studio.reviews.reply", input: reviewReplyActionSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const reply = await replyToReview(db, { providerId: studio.provider.id, reviewId: input.reviewId, body: input.body, caller });
    revalidatePath("/studio/reviews");
    return reply;
  },
);

export const editReviewReplyAction = defineAction(
  { name: "studio.reviews.edit-reply", input: reviewReplyActionSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const reply = await editReviewReply(db, { providerId: studio.provider.id, reviewId: input.reviewId, body: input.body, caller });
    revalidatePath("/studio/reviews");
    return reply;
  },
);

export const openReviewDisputeAction = defineAction(
  { name: "studio.reviews.dispute", input: reviewDisputeActionSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const dispute = await openReviewDispute(db, {
      providerId: studio.provider.id,
      reviewId: input.reviewId,
      reason: input.reason,
      note: input.note,
      caller,
    });
    revalidatePath("/studio/reviews");
    return dispute;
  },
);
