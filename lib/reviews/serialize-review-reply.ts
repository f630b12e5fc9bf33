import type { reviewReplies } from "@/db/schema-reviews";
import type { ReviewReplyView } from "./moderation-schemas";
import { REVIEW_REPLY_EDIT_MINUTES } from "./review-rules";

type ReplyRow = typeof reviewReplies.$inferSelect;

/** Until when a reply written at `createdAt` may be edited. */
export function replyEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_REPLY_EDIT_MINUTES * 60_000);
}

export function serializeReviewReply(row: ReplyRow): ReviewReplyView {
  return {
    reviewId: row.reviewId,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editableUntil: replyEditableUntil(row.createdAt).toISOString(),
  };
}
