"use server";

import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { privacyRequestSubmissionSchema } from "@/lib/privacy/schemas";
import { submitPrivacyRequest } from "@/lib/privacy/submit-privacy-request";

/** The /privacy/request form: the same rules as POST /public/studio/privacy-requests. */
export const submitPrivacyRequestAction = defineAction(
  { name: "privacy.request", input: privacyRequestSubmissionSchema, auth: "public" },
  async ({ db, input, clientIp }) => {
    await submitPrivacyRequest(db, { input, clientIp });
    return { kind: input.kind };
  },
);

export type PrivacyRequestFormState = ActionResult<{ kind: "ACCESS" | "ERASE" }> | null;

/** useActionState form of the action: the request form posts here with or without JavaScript. */
export async function submitPrivacyRequestFromForm(_previous: PrivacyRequestFormState, form: FormData): Promise<PrivacyRequestFormState> {
  return submitPrivacyRequestAction(form);
}
