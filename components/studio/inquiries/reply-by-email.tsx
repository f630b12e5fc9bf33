"use client";

import { useActionState, useState } from "react";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { changeInquiryStatusFromForm, type InquiryStatusState } from "@/lib/actions/inquiries/change-inquiry-status";

/**
 * "Reply by email" (a mailto: link that quotes the message), then, once it was clicked, the offer
 * "Mark as replied?": the mail program opens outside the page, so the page cannot know a reply went
 * out, and asking at that moment saves a trip to the status buttons. Offered only to OWNER and ADMIN
 * (`offerMarkReplied`) on an inquiry not yet replied or archived. Without JavaScript the link still works.
 */
export function ReplyByEmail({ inquiryId, href, offerMarkReplied }: { inquiryId: string; href: string; offerMarkReplied: boolean }) {
  const [clicked, setClicked] = useState(false);
  const [state, formAction, pending] = useActionState<InquiryStatusState, FormData>(changeInquiryStatusFromForm, null);
  return (
    <div className={ui.stack}>
      <p>
        <a className={ui.button} href={href} onClick={() => setClicked(true)}>
          Reply by email
        </a>
      </p>
      {state && !state.ok ? <Notice tone="error">{state.message}</Notice> : null}
      {/* Present before the click, so what appears in it is announced. */}
      <div role="status" className={ui.stack}>
        {state?.ok ? <p>Marked as replied.</p> : null}
        {clicked && offerMarkReplied && !state?.ok ? (
          <>
            <p>Your mail program opens with the message quoted. Once your reply is sent:</p>
            <form action={formAction}>
              <input type="hidden" name="inquiryId" value={inquiryId} />
              <input type="hidden" name="status" value="REPLIED" />
              <button type="submit" className={ui.buttonSecondary} disabled={pending}>
                Mark as replied?
              </button>
            </form>
          </>
        ) : null}
      </div>
    </div>
  );
}
