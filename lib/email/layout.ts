// The frame of every email the product sends: a plain-text part and a simple HTML part built from our
// paragraphs, one action link of ours and a block of typed values. Each capability writes its own emails
// with message() (lib/applications/emails.ts, lib/auth/emails.ts, lib/inquiries/emails.ts,
// lib/members/emails.ts).
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
import { neutraliseLine, neutraliseParagraphs } from "./user-text";

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

export const PRODUCT = "Provider Registry";
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

/** A link of ours: a button in the HTML part, "label: url" in the text part. */
export interface EmailAction {
  label: string;
  url: string;
}

/** After the details, in small print: a sentence of ours and one link (a review invitation's opt-out). */
export interface EmailFooter {
  text: string;
  link: EmailAction;
}

const actionList = (action?: EmailAction | EmailAction[]) => (action === undefined ? [] : Array.isArray(action) ? action : [action]);

function textPart(paragraphs: string[], action?: EmailAction | EmailAction[], typed?: TypedValues, footer?: EmailFooter): string {
  const parts = [...paragraphs];
  for (const a of actionList(action)) parts.push(`${a.label}: ${a.url}`);
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
  if (footer) parts.push(`${footer.text} ${footer.link.label}: ${footer.link.url}`);
  parts.push(PRODUCT);
  return `${parts.join("\n\n")}\n`;
}

function htmlPart(paragraphs: string[], action?: EmailAction | EmailAction[], typed?: TypedValues, footer?: EmailFooter): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = actionList(action)
    .map(
      (a) =>
        `<p style="margin:24px 0"><a href="${escapeHtml(a.url)}" style="background:#1f4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(a.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or open this address: ${escapeHtml(a.url)}</p>`,
    )
    .join("");
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
  if (footer) {
    details += `<p style="margin:24px 0 0;font-size:13px;color:#555">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.link.url)}" style="color:#555">${escapeHtml(footer.link.label)}</a></p>`;
  }
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${body}${button}${details}<p style="margin:32px 0 0;font-size:13px;color:#555">${PRODUCT}</p></body></html>`;
}

/**
 * Builds an email from our paragraphs, the action links of ours (usually one; a review invitation has
 * two buttons), a block of typed values and, in small print, a footer with one more link of ours.
 */
export function message(
  subject: string,
  paragraphs: string[],
  action?: EmailAction | EmailAction[],
  typed?: TypedValues,
  footer?: EmailFooter,
): EmailMessage {
  return { subject, text: textPart(paragraphs, action, typed, footer), html: htmlPart(paragraphs, action, typed, footer) };
}

/** When an emailed one-time sign-in link stops working, in words ("in 24 hours"). */
export function linkLifetime(expires: Date | null): string {
  if (!expires) return "";
  const hours = Math.max(1, Math.round((expires.getTime() - Date.now()) / 3_600_000));
  return ` The link signs you in once and works for ${hours} ${hours === 1 ? "hour" : "hours"}; after that, sign in to the studio with this email address as usual.`;
}
