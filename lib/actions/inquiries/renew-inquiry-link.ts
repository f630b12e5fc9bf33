"use server";

import { defineAction } from "@/lib/actions/define-action";
import { renewInquiryLink } from "@/lib/inquiries/renew-inquiry-link";
import { inquiryVerifyQuerySchema } from "@/lib/inquiries/schemas";

/** "Send me a new link" on an expired inquiry confirmation link (the token arrives in a hidden field). */
export const renewInquiryLinkAction = defineAction({ name: "inquiries.renew-link", input: inquiryVerifyQuerySchema }, ({ db, input }) =>
  renewInquiryLink(db, { token: input.token }),
);
