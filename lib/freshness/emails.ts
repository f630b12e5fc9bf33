// The freshness clock's emails (extensions §6), under the rules of lib/email/layout.ts: our words first,
// the provider's name only in a labelled block, one link of ours (the one-time confirm link).
import { message, PRODUCT, type EmailMessage, type TypedValues } from "@/lib/email/layout";
import { CONFIRM_TOKEN_TTL_DAYS, HIDE_AFTER_DAYS, STALE_AFTER_DAYS, SECOND_REMINDER_DAYS } from "./freshness-fields";

const DATE = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });
/** A date in words, in UTC ("27 November 2026"), as the emails and the public label write it. */
export const longDate = (value: Date): string => DATE.format(value);

export interface FreshnessEmailParams {
  providerName: string;
  confirmUrl: string;
  studioUrl: string;
  confirmedAt: Date;
  staleAt: Date;
  hideAt: Date;
}

const listingBlock = (p: FreshnessEmailParams): TypedValues => ({
  heading: "The listing",
  lines: [
    { label: "Name", typed: p.providerName },
    { label: "Details last confirmed", plain: longDate(p.confirmedAt) },
  ],
});

const howToConfirm = (p: FreshnessEmailParams) =>
  `If everything is still right, press the button: it confirms the details once, without signing in, and works for ${CONFIRM_TOKEN_TTL_DAYS} days. If something changed, update the listing in the studio (${p.studioUrl}); saving it counts as confirming too.`;

/** 150 and 173 days: please check the listing; it is labelled at 180 days and hidden at 210. */
export function confirmReminderEmail(p: FreshnessEmailParams & { second: boolean }): EmailMessage {
  const daysLeft = HIDE_AFTER_DAYS - SECOND_REMINDER_DAYS;
  return message(
    p.second ? `Your listing will be hidden in ${daysLeft} days: please confirm its details` : `Please confirm your listing's details on ${PRODUCT}`,
    [
      "Hello,",
      p.second
        ? `This is a second reminder. Your provider's listing on ${PRODUCT} has not been confirmed for ${SECOND_REMINDER_DAYS} days, and it will be hidden from the directory in ${daysLeft} days, on ${longDate(p.hideAt)}, unless someone confirms its details are still current.`
        : `Visitors rely on the directory being current, so every listing is confirmed at least every ${STALE_AFTER_DAYS} days. Your provider's listing was last confirmed on ${longDate(p.confirmedAt)}.`,
      `From ${longDate(p.staleAt)} its profile and card say "Details not confirmed since ${longDate(p.confirmedAt)}", and on ${longDate(p.hideAt)} it is hidden until it is confirmed.`,
      howToConfirm(p),
    ],
    { label: "Confirm the details are current", url: p.confirmUrl },
    listingBlock(p),
  );
}

/** 180 days: the public label is showing now. */
export function listingStaleEmail(p: FreshnessEmailParams): EmailMessage {
  return message(
    `Your listing now shows "Details not confirmed" on ${PRODUCT}`,
    [
      "Hello,",
      `Your provider's listing has not been confirmed for ${STALE_AFTER_DAYS} days, so its profile and card now say "Details not confirmed since ${longDate(p.confirmedAt)}" and it ranks lower in the directory.`,
      `Unless its details are confirmed, it will be hidden from the directory on ${longDate(p.hideAt)}.`,
      howToConfirm(p),
    ],
    { label: "Confirm the details are current", url: p.confirmUrl },
    listingBlock(p),
  );
}

/** 210 days: hidden until someone confirms; confirming shows it again at once. */
export function listingHiddenEmail(p: FreshnessEmailParams): EmailMessage {
  return message(
    `Your listing is hidden from ${PRODUCT} until its details are confirmed`,
    [
      "Hello,",
      `Your provider's listing was not confirmed for ${HIDE_AFTER_DAYS} days, so it has been hidden from the directory, its search and its profile page. Nothing was deleted.`,
      "As soon as someone confirms its details are current, it is shown again exactly as before.",
      howToConfirm(p),
    ],
    { label: "Confirm and show the listing again", url: p.confirmUrl },
    listingBlock(p),
  );
}
