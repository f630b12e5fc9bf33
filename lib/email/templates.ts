// Every email the product sends, each with a plain-text part and a simple HTML part.
import { INVITATION_TTL_DAYS } from "@/lib/members/schemas";

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

const PRODUCT = "Provider Registry";

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function layout(paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1f4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or open this address: ${escapeHtml(action.url)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${body}${button}<p style="margin:32px 0 0;font-size:13px;color:#555">${PRODUCT}</p></body></html>`;
}

export function verificationEmail(params: { fullName: string; verifyUrl: string }): EmailMessage {
  const lines = [
    `Hello ${params.fullName},`,
    `Thank you for applying to join ${PRODUCT}. Please confirm your email address to send your application to our review team.`,
    "The link is valid for 24 hours. If you did not apply, you can ignore this email.",
  ];
  return {
    subject: `Confirm your email for ${PRODUCT}`,
    text: `${lines.join("\n\n")}\n\nConfirm your email: ${params.verifyUrl}\n\n${PRODUCT}\n`,
    html: layout(lines, { label: "Confirm my email", url: params.verifyUrl }),
  };
}

export function approvalEmail(params: { fullName: string; providerName: string; studioUrl: string }): EmailMessage {
  const lines = [
    `Hello ${params.fullName},`,
    `Good news: your application is approved and ${params.providerName} now has a place in ${PRODUCT}.`,
    "Sign in to the studio with this email address to complete your listing and publish it when it is ready.",
  ];
  return {
    subject: `${params.providerName} is approved on ${PRODUCT}`,
    text: `${lines.join("\n\n")}\n\nOpen the studio: ${params.studioUrl}\n\n${PRODUCT}\n`,
    html: layout(lines, { label: "Open the studio", url: params.studioUrl }),
  };
}

export function rejectionEmail(params: { fullName: string; reason: string }): EmailMessage {
  const lines = [
    `Hello ${params.fullName},`,
    `Thank you for your interest in ${PRODUCT}. After reviewing your application, we are not able to accept it at this time.`,
    `Reason: ${params.reason}`,
    "You are welcome to apply again in the future.",
  ];
  return {
    subject: `Your ${PRODUCT} application`,
    text: `${lines.join("\n\n")}\n\n${PRODUCT}\n`,
    html: layout(lines),
  };
}

export function invitationEmail(params: {
  providerName: string;
  role: string;
  invitedBy: string;
  studioUrl: string;
}): EmailMessage {
  const lines = [
    "Hello,",
    `${params.invitedBy} invited you to join ${params.providerName} on ${PRODUCT} as ${params.role.toLowerCase()}.`,
    `Sign in to the studio with this email address to accept or decline the invitation. It expires in ${INVITATION_TTL_DAYS} days.`,
  ];
  return {
    subject: `You are invited to join ${params.providerName} on ${PRODUCT}`,
    text: `${lines.join("\n\n")}\n\nOpen the studio: ${params.studioUrl}\n\n${PRODUCT}\n`,
    html: layout(lines, { label: "Open the studio", url: params.studioUrl }),
  };
}

export function signInEmail(params: { url: string; expires: Date }): EmailMessage {
  const minutes = Math.max(1, Math.round((params.expires.getTime() - Date.now()) / 60_000));
  const lines = [
    "Hello,",
    `Use the link below to sign in to the ${PRODUCT} studio. It works once and expires in ${minutes} minutes.`,
    "If you did not ask to sign in, you can ignore this email: nobody can sign in without this link.",
  ];
  return {
    subject: `Sign in to ${PRODUCT}`,
    text: `${lines.join("\n\n")}\n\nSign in: ${params.url}\n\n${PRODUCT}\n`,
    html: layout(lines, { label: "Sign in", url: params.url }),
  };
}
