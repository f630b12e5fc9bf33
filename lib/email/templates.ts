// Every email the product sends, each with a plain-text part and a simple HTML part.
//
// Rules for what people typed (names, a reviewer's reason), so that nobody can make the registry
// send words of their own as if they were ours:
// - Subjects, greetings and instructions are ours alone; typed values never appear in them.
// - Typed values appear only after our message, in a block headed as what it is, each on its own
//   labelled line in quotation marks (a reason as a quotation, "> " per line in the text part).
// - They are neutralised on the way in (lib/email/user-text.ts): one line (a reason keeps its line
//   breaks), no control or direction characters, bounded length, and anything a mail client would
//   turn into a link written so it is not one ("evil[.]example"). New input cannot hold such text
//   (lib/validation/text.ts); this protects rows stored before that rule, and reasons.
// - The HTML part escapes every value and the only links are ours (the action button).
import { INVITATION_TTL_DAYS } from "@/lib/members/schemas";
import { personLabel, type Person } from "@/lib/users/person";
import { neutraliseLine, neutraliseParagraphs } from "./user-text";
import { VERIFICATION_TTL_HOURS } from "@/lib/applications/verification-token";

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

const PRODUCT = "Provider Registry";
const NAME_MAX = 200;
const REASON_MAX = 1000;

/** A block of values people typed: a heading saying whose words they are, then label: “value” lines. */
export interface TypedValues {
  heading: string;
  /** `typed`: what someone typed, quoted; `plain`: ours or a verified account address, as is. */
  lines: { label: string; typed?: string; plain?: string }[];
  quotation?: { label: string; text: string; max?: number };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const quoted = (value: string) => `“${neutraliseLine(value, NAME_MAX)}”`;
const valueText = (l: { typed?: string; plain?: string }) =>
  [l.typed === undefined ? "" : quoted(l.typed), l.plain ?? ""].filter(Boolean).join(" ");

function textPart(paragraphs: string[], action?: { label: string; url: string }, typed?: TypedValues): string {
  const parts = [...paragraphs];
  if (action) parts.push(`${action.label}: ${action.url}`);
  if (typed) {
    const lines = typed.lines.map((l) => `  ${l.label}: ${valueText(l)}`);
    parts.push([`${typed.heading}:`, ...lines].join("\n"));
    if (typed.quotation) {
      const quote = neutraliseParagraphs(typed.quotation.text, typed.quotation.max ?? REASON_MAX)
        .split("\n")
        .map((line) => (line ? `> ${line}` : ">"));
      parts.push([`${typed.quotation.label}:`, ...quote].join("\n"));
    }
  }
  parts.push(PRODUCT);
  return `${parts.join("\n\n")}\n`;
}

function htmlPart(paragraphs: string[], action?: { label: string; url: string }, typed?: TypedValues): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1f4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or open this address: ${escapeHtml(action.url)}</p>`
    : "";
  let details = "";
  if (typed) {
    const rows = typed.lines.map((l) => `<li>${escapeHtml(l.label)}: ${escapeHtml(valueText(l))}</li>`).join("");
    details = `<div style="margin:24px 0 0;padding:12px 16px;border-left:3px solid #bbb;color:#333"><p style="margin:0 0 8px;font-size:13px;color:#555">${escapeHtml(typed.heading)}:</p><ul style="margin:0;padding-left:20px">${rows}</ul>`;
    if (typed.quotation) {
      const quote = escapeHtml(neutraliseParagraphs(typed.quotation.text, typed.quotation.max ?? REASON_MAX)).replaceAll("\n", "<br>");
      details += `<p style="margin:12px 0 8px;font-size:13px;color:#555">${escapeHtml(typed.quotation.label)}:</p><blockquote style="margin:0;padding:0 0 0 12px;border-left:3px solid #ddd">${quote}</blockquote>`;
    }
    details += "</div>";
  }
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${body}${button}${details}<p style="margin:32px 0 0;font-size:13px;color:#555">${PRODUCT}</p></body></html>`;
}

/** Builds an email from our paragraphs, one action link of ours, and a block of typed values. */
export function message(
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  typed?: TypedValues,
): EmailMessage {
  return { subject, text: textPart(paragraphs, action, typed), html: htmlPart(paragraphs, action, typed) };
}

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
      "What happens next: once you confirm, our review team reads the application, usually within two working days, and emails you the decision at this address.",
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

/** When an emailed one-time sign-in link stops working, in words ("in 24 hours"). */
function linkLifetime(expires: Date | null): string {
  if (!expires) return "";
  const hours = Math.max(1, Math.round((expires.getTime() - Date.now()) / 3_600_000));
  return ` The link signs you in once and works for ${hours} ${hours === 1 ? "hour" : "hours"}; after that, sign in to the studio with this email address as usual.`;
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

/** Who invited: a signed-in person (their name and account address), or the team itself (an API key or the CLI). */
export type Inviter = Person | null;

export function invitationEmail(params: {
  providerName: string;
  role: string;
  inviter: Inviter;
  /** A one-time sign-in link that lands on the invitation's Accept button; it creates the account on first sign-in. */
  signInUrl: string;
  signInExpires: Date | null;
}): EmailMessage {
  const inviter = params.inviter ? personLabel(params.inviter) : null;
  const invitedBy = !inviter
    ? { label: "Invited by", plain: "the team" }
    : inviter.secondary
      ? { label: "Invited by", typed: inviter.primary, plain: `<${inviter.secondary}>` }
      : { label: "Invited by", plain: `<${inviter.primary}>` };
  return message(
    `You are invited to join a team on ${PRODUCT}`,
    [
      "Hello,",
      `You are invited to join a provider's team on ${PRODUCT} as ${params.role.toLowerCase()}. The team is named below.`,
      `Open the invitation with the button below to accept or decline it; if you have never signed in, this also creates your account. The invitation expires in ${INVITATION_TTL_DAYS} days.${linkLifetime(params.signInExpires)} If you do not know this team, you can ignore this email.`,
    ],
    { label: "Open the invitation", url: params.signInUrl },
    { heading: "The invitation, as the team entered it", lines: [{ label: "Team", typed: params.providerName }, invitedBy] },
  );
}

export function signInEmail(params: { url: string; expires: Date }): EmailMessage {
  const minutes = Math.max(1, Math.round((params.expires.getTime() - Date.now()) / 60_000));
  return message(
    `Sign in to ${PRODUCT}`,
    [
      "Hello,",
      `Use the link below to sign in to the ${PRODUCT} studio. It works once and expires in ${minutes} minutes.`,
      "If you did not ask to sign in, you can ignore this email: nobody can sign in without this link.",
    ],
    { label: "Sign in", url: params.url },
  );
}
