"use server";

import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { inquiryFormSchema } from "@/lib/inquiries/schemas";
import { INQUIRY_ACCEPTED_MESSAGE, submitInquiry } from "@/lib/inquiries/submit-inquiry";

/** The profile's contact form: the same rules as POST /public/studio/providers/:slug/inquiries. */
export const submitInquiryAction = defineAction(
  { name: "inquiries.submit", input: inquiryFormSchema },
  async ({ db, input, clientIp }) => {
    const { slug, ...body } = input;
    await submitInquiry(db, { slug, input: body, clientIp });
    return { message: INQUIRY_ACCEPTED_MESSAGE, email: body.email };
  },
);

/** What the sender typed, handed back on a refusal so a page rendered after a script-less post keeps it. */
export interface ContactFormValues {
  name: string;
  email: string;
  company: string;
  budget: string;
  timeline: string;
  message: string;
}

export type ContactFormState = { result: ActionResult<{ message: string; email: string }>; values: ContactFormValues } | null;

const FIELDS: (keyof ContactFormValues)[] = ["name", "email", "company", "budget", "timeline", "message"];

/** useActionState form of the action: the contact form posts here with or without JavaScript. */
export async function submitInquiryFromForm(_previous: ContactFormState, form: FormData): Promise<ContactFormState> {
  const result = await submitInquiryAction(form);
  const values = Object.fromEntries(
    FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value.slice(0, 10_000) : ""];
    }),
  ) as unknown as ContactFormValues;
  return { result, values };
}
