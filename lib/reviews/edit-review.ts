import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reviews, type ReviewRow } from "@/db/schema-reviews";
import { AppError } from "@/lib/errors";
import { lockReviewForEditing } from "./lock-review-for-editing";
import { REVIEW_COOLOFF_HOURS } from "./review-rules";
import type { ReviewEdit } from "./review-schemas";
import type { ReviewEditResult } from "./review-writing-schemas";

const HOUR_MS = 3_600_000;

/** The review's columns an edit may change: every field of the form except the attestation. */
const EDITABLE = [
  "projectStatus",
  "overall",
  "quality",
  "schedule",
  "communication",
  "value",
  "wouldRecommend",
  "title",
  "body",
  "projectSpecialty",
  "projectBudget",
  "display",
  "reviewerName",
  "reviewerRole",
  "reviewerCompany",
  "incentive",
] as const satisfies readonly (keyof ReviewEdit & keyof ReviewRow)[];

/** The fields an edit names (absent ones stay as they are); `projectBudget: null` clears the budget. */
export function editedFields(edit: ReviewEdit): Partial<Pick<ReviewRow, (typeof EDITABLE)[number]>> {
  const out: Record<string, unknown> = {};
  for (const key of EDITABLE) if (edit[key] !== undefined) out[key] = edit[key];
  return out as Partial<Pick<ReviewRow, (typeof EDITABLE)[number]>>;
}

/**
 * The reviewer's edit through their private link. A PENDING review takes the fields now and its
 * cool-off starts again. A PUBLISHED review stays as the public sees it: the edit waits in pending_edit
 * (merged over an earlier waiting edit) for its own REVIEW_COOLOFF_HOURS, and publishing applies it
 * and sets edited_at. A rejected, removed or withdrawn review cannot be edited (409 CONFLICT). An edit
 * naming no field changes nothing.
 */
export async function editReview(
  db: Db,
  params: { reviewId: string; token: string | undefined; edit: ReviewEdit; now: Date },
): Promise<ReviewEditResult> {
  const { now } = params;
  return db.transaction(async (tx) => {
    const row = await lockReviewForEditing(tx, params);
    if (row.status !== "PENDING" && row.status !== "PUBLISHED") {
      const why = row.status === "WITHDRAWN" ? "was withdrawn" : "was taken down by Provider Registry";
      throw new AppError("CONFLICT", `This review ${why}, so it can no longer be edited.`);
    }
    const fields = editedFields(params.edit);
    if (Object.keys(fields).length === 0) return editResult(row);
    const cooloffEnds = new Date(now.getTime() + REVIEW_COOLOFF_HOURS * HOUR_MS);
    const changes: Partial<typeof reviews.$inferInsert> =
      row.status === "PENDING"
        ? { ...fields, publishAfter: cooloffEnds, updatedAt: now }
        : { pendingEdit: { ...(row.pendingEdit ?? {}), ...fields }, pendingEditPublishAfter: cooloffEnds, updatedAt: now };
    const [updated] = await tx.update(reviews).set(changes).where(eq(reviews.id, row.id)).returning();
    return editResult(updated!);
  });
}

export function editResult(row: ReviewRow): ReviewEditResult {
  return {
    id: row.id,
    status: row.status,
    publishAfter: row.publishAfter.toISOString(),
    pendingEdit: row.pendingEdit !== null,
    pendingEditPublishAfter: row.pendingEditPublishAfter?.toISOString() ?? null,
    editLinkExpiresAt: row.editTokenExpiresAt!.toISOString(),
  };
}
