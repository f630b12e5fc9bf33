// The emails of an interest application: confirm the address, then the decision (the frame and the
// rules for typed values: lib/email/layout.ts).
import { linkLifetime, message, PRODUCT, type EmailMessage } from "@/lib/email/layout";
import { VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";

/**
 * Sent to whatever address the applicant typed, before anyone has shown they own it: so it repeats
 * nothing the applicant typed (a stranger could otherwise write to any address in our name).
 */
export function verificationEmail(params: {
  verifyUrl: string;
  /**
   * What this address already has (providers it belongs to, applications in review). Said only here,
   * in the email to the address, never on the page: whoever typed the address may not own it.
   */
  existing?: { providers: { name: string; role: string }[]; applicationsInReview: { submittedOn: string }[] };
}): EmailMessage {
  const existing = params.existing;
  const has = existing && (existing.providers.length > 0 || existing.applicationsInReview.length > 0);
  return message(
    `Confirm your email for ${PRODUCT}`,
    [
      "Hello,",
      `Someone, we hope you, applied to join ${PRODUCT} with this email address. Please confirm the address to send the application to our review team.`,
      ...(has
        ? [
            `Note: this address already has a place in ${PRODUCT} (listed below). You do not need to apply again to change a listing you belong to: sign in to the studio with this address instead. Confirm only if this application is for another company; if an application is already in review, we will decide on it first.`,
          ]
        : []),
      `The link is valid for ${VERIFICATION_TTL_HOURS} hours. If you did not apply, you can ignore this email: nothing goes to review without your confirmation.`,
      "What happens next: once you confirm, our review team reads the application, usually within two working days, and emails you the decision at this address. Keep this email: after you confirm, the same link shows your application's status.",
    ],
    { label: "Confirm your email", url: params.verifyUrl },
    has
      ? {
          heading: "What this address already has",
          lines: [
            ...existing.providers.map((p) => ({ label: `Provider (${p.role.toLowerCase()})`, typed: p.name })),
            ...existing.applicationsInReview.map((a) => ({ label: "Application in review", plain: `submitted ${a.submittedOn}` })),
          ],
        }
      : undefined,
  );
}

export function approvalEmail(params: {
  fullName: string;
  providerName: string;
  /** A one-time sign-in link that lands in the new studio (lib/auth/create-sign-in-link.ts). */
  signInUrl: string;
  signInExpires: Date | null;
}): EmailMessage {
  return message(
    `Your application to ${PRODUCT} is approved`,
    [
      "Hello,",
      `Good news: your application is approved, and your provider now has a place in ${PRODUCT}.`,
      `What happens next: open your studio with the button below, complete your listing (a headline, a logo, your team) and publish it when it is ready. Until you publish, nobody else sees it.${linkLifetime(params.signInExpires)}`,
    ],
    { label: "Open your studio", url: params.signInUrl },
    {
      heading: "Your application, as you entered it",
      lines: [
        { label: "Name", typed: params.fullName },
        { label: "Provider", typed: params.providerName },
      ],
    },
  );
}

export function rejectionEmail(params: { fullName: string; reason: string }): EmailMessage {
  return message(
    `Your ${PRODUCT} application`,
    [
      "Hello,",
      `Thank you for your interest in ${PRODUCT}. After reviewing your application, we are not able to accept it at this time. The reviewer's reason is quoted below.`,
      "You are welcome to apply again in the future.",
    ],
    undefined,
    {
      heading: "Your application, as you entered it",
      lines: [{ label: "Name", typed: params.fullName }],
      quotation: { label: "The reviewer's reason", text: params.reason },
    },
  );
}
