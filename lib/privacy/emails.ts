// The privacy request emails (extensions §9), in the shared layout (lib/email/layout.ts). None quotes
// anything a visitor typed: the address is the recipient's own, and the provider's notice names only
// inquiry ids, so nothing of the erased person reaches anyone.
import type { PrivacyRequestKind } from "@/db/enums";
import { message, PRODUCT, type EmailMessage } from "@/lib/email/layout";
import { PRIVACY_CONFIRM_TTL_HOURS, PRIVACY_DOWNLOAD_TTL_DAYS } from "./privacy-rules";

const WHAT: Record<PrivacyRequestKind, string> = {
  ACCESS: `a copy of everything ${PRODUCT} holds for this email address`,
  ERASE: `the erasure of everything ${PRODUCT} holds for this email address: your messages to providers, reviews, applications and reports`,
};

/** To the address a request names, before anything happens: the same email whether or not we hold anything. */
export function privacyConfirmEmail(params: { kind: PrivacyRequestKind; confirmUrl: string }): EmailMessage {
  return message(
    params.kind === "ACCESS" ? `Confirm your request for a copy of your data on ${PRODUCT}` : `Confirm your request to erase your data on ${PRODUCT}`,
    [
      "Hello,",
      `Someone, we hope you, asked for ${WHAT[params.kind]}. Nothing happens until you confirm it with the link below.`,
      params.kind === "ERASE" ? "Erasure cannot be undone. Providers you wrote to keep the fact that an inquiry arrived, without your name, address or message." : "We email you a link to download the copy once you confirm.",
      `The link is valid for ${PRIVACY_CONFIRM_TTL_HOURS} hours. If you did not ask, you can ignore this email.`,
    ],
    { label: params.kind === "ACCESS" ? "Confirm and prepare my copy" : "Review and confirm the erasure", url: params.confirmUrl },
  );
}

/** To the confirmed address: the access file's one-time link. */
export function privacyAccessReadyEmail(params: { downloadUrl: string }): EmailMessage {
  return message(
    `Your copy of your data on ${PRODUCT} is ready`,
    [
      "Hello,",
      `You confirmed your request for a copy of what ${PRODUCT} holds for your email address. It is a JSON file: your messages to providers, reviews, applications, reports and past privacy requests.`,
      `The link downloads it once and works for ${PRIVACY_DOWNLOAD_TTL_DAYS} days. To get another copy later, send a new request.`,
    ],
    { label: "Download my data", url: params.downloadUrl },
  );
}

/** To each OWNER and ADMIN of a provider that held inquiries of a person who asked to be erased. */
export function privacyErasureNoticeEmail(params: { inboxUrl: string; inquiryIds: string[] }): EmailMessage {
  return message(
    `Inquiries erased at the sender's request on ${PRODUCT}`,
    [
      "Hello,",
      `A person who wrote to your provider through ${PRODUCT} asked for their data to be erased. We erased their name, email address, company and message from the inquiries below; their status and dates stay, so your response time does not change.`,
      "If you copied their details elsewhere (your mail program, a CRM), the law may require you to erase them there too.",
      `Inquiries erased: ${params.inquiryIds.join(", ")}.`,
    ],
    { label: "Open the inquiries", url: params.inboxUrl },
  );
}
