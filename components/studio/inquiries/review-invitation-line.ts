import { formatDate } from "@/components/ui/format";
import type { InquiryView } from "@/lib/inquiries/schemas";

/** The inquiry's review invitation in one sentence, as the studio shows it. */
export function reviewInvitationLine(invitation: InquiryView["reviewInvitation"]): string {
  const on = formatDate(invitation.sendAt);
  switch (invitation.status) {
    case "SCHEDULED":
      return `Review invitation scheduled for ${on}.`;
    case "SENT":
      return `Review invitation sent on ${on}.`;
    case "REVIEWED":
      return `Review invitation sent on ${on}; the sender wrote a review.`;
    case "DECLINED":
      return `Review invitation sent on ${on}; it is closed.`;
    case "EXPIRED":
      return `Review invitation sent on ${on}; it expired unused.`;
    case "NOT_ELIGIBLE":
      return "No review invitation for this inquiry.";
  }
}
