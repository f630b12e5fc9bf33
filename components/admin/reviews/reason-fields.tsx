import ui from "@/components/ui/ui.module.css";
import { REVIEW_REJECT_REASONS } from "@/db/enums";
import { REJECT_REASON_LABELS } from "@/lib/reviews/moderation-labels";

/** The reason select and note shared by "reject a held review" and "remove a published review". */
export function ReasonFields({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <div className={ui.field}>
        <label htmlFor={`${idPrefix}-reason`} className={ui.label}>
          Reason
        </label>
        <select id={`${idPrefix}-reason`} name="reason" className={ui.select} required defaultValue="">
          <option value="" disabled>
            Choose a reason
          </option>
          {REVIEW_REJECT_REASONS.map((r) => (
            <option key={r} value={r}>
              {REJECT_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div className={ui.field}>
        <label htmlFor={`${idPrefix}-note`} className={ui.label}>
          Note <span className={ui.muted}>(shown to the reviewer; required for Other)</span>
        </label>
        <textarea id={`${idPrefix}-note`} name="note" rows={2} maxLength={1000} className={ui.textarea} />
      </div>
    </>
  );
}
