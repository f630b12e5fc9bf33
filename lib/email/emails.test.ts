import { describe, expect, it } from "vitest";
import { extractLinks } from "./transports/mailbox";
import { approvalEmail, rejectionEmail, verificationEmail } from "@/lib/applications/emails";
import { signInEmail } from "@/lib/auth/emails";
import { invitationEmail } from "@/lib/members/emails";
import { privacyAccessReadyEmail, privacyConfirmEmail, privacyErasureNoticeEmail } from "@/lib/privacy/emails";
import {
  reviewDisputeDecidedEmail,
  reviewDisputeRequestEmail,
  reviewRejectedEmail,
  reviewRemovedEmail,
  reviewReplyEmail,
} from "@/lib/reviews/moderation-emails";
import { reviewReceivedEmail } from "@/lib/reviews/submission-emails";
import { reviewInvitationEmail, reviewReminderEmail } from "@/lib/reviews/invitation-emails";
import type { EmailMessage } from "./layout";

// What a stranger tried to make the registry say: a line of its own, a link, a direction override and
// markup. New input cannot hold it any more (lib/validation/text.ts); rows stored earlier, and a
// reviewer's reason, still reach the templates, which must show it as quoted data, never as ours.
const HOSTILE =
  "Ada\r\nYOUR ACCOUNT IS SUSPENDED\u202E. Re-verify at https://evil.example/login, www.evil.example or evil-login.com <b>now</b>";

const OURS = {
  privacyConfirm: "https://registry.test/privacy/confirm?token=p",
  privacyDownload: "https://registry.test/privacy/download?token=d",
  inquiries: "https://registry.test/studio/inquiries",
  studio: "https://registry.test/studio",
  verify: "https://registry.test/verify?token=t0k",
  signIn: "https://registry.test/signin/confirm?token=s",
  profile: "https://registry.test/providers/northwind",
  answer: "https://registry.test/reviews/dispute?token=d1s",
  reviewEdit: "https://registry.test/reviews/edit?token=e",
  review: {
    write: "https://registry.test/reviews/write?token=r",
    decline: "https://registry.test/reviews/decline?token=r",
    optOut: "https://registry.test/reviews/opt-out?token=r",
  },
};

const every: { name: string; message: EmailMessage; links: string[] }[] = [
  { name: "verification", message: verificationEmail({ verifyUrl: OURS.verify }), links: [OURS.verify] },
  {
    name: "approval",
    message: approvalEmail({ fullName: HOSTILE, providerName: HOSTILE, signInUrl: OURS.studio, signInExpires: new Date(Date.now() + 86_400_000) }),
    links: [OURS.studio],
  },
  { name: "rejection", message: rejectionEmail({ fullName: HOSTILE, reason: `${HOSTILE}\n\nSecond paragraph.` }), links: [] },
  {
    name: "invitation by a person",
    message: invitationEmail({ providerName: HOSTILE, role: "ADMIN", inviter: { name: HOSTILE, email: "tara@example.com" }, signInUrl: OURS.studio, signInExpires: new Date(Date.now() + 86_400_000) }),
    links: [OURS.studio],
  },
  {
    name: "invitation by a key",
    message: invitationEmail({ providerName: HOSTILE, role: "MEMBER", inviter: null, signInUrl: OURS.studio, signInExpires: new Date(Date.now() + 86_400_000) }),
    links: [OURS.studio],
  },
  { name: "privacy confirm (access)", message: privacyConfirmEmail({ kind: "ACCESS", confirmUrl: OURS.privacyConfirm }), links: [OURS.privacyConfirm] },
  { name: "privacy confirm (erase)", message: privacyConfirmEmail({ kind: "ERASE", confirmUrl: OURS.privacyConfirm }), links: [OURS.privacyConfirm] },
  { name: "privacy access ready", message: privacyAccessReadyEmail({ downloadUrl: OURS.privacyDownload }), links: [OURS.privacyDownload] },
  {
    name: "privacy erasure notice",
    message: privacyErasureNoticeEmail({ inboxUrl: OURS.inquiries, inquiryIds: ["7d27e60d-4ad0-4a59-9bb5-d1461cccc1d2"] }),
    links: [OURS.inquiries],
  },
  { name: "sign-in", message: signInEmail({ url: OURS.signIn, expires: new Date(Date.now() + 30 * 60_000) }), links: [OURS.signIn] },
  { name: "review rejected", message: reviewRejectedEmail({ providerName: HOSTILE, reason: "OTHER", note: HOSTILE }), links: [] },
  {
    name: "review reply",
    message: reviewReplyEmail({ providerName: HOSTILE, profileUrl: OURS.profile, reply: `${HOSTILE}\n\nSecond paragraph.` }),
    links: [OURS.profile],
  },
  {
    name: "review dispute request",
    message: reviewDisputeRequestEmail({ providerName: HOSTILE, reason: "NO_ENGAGEMENT", answerUrl: OURS.answer, dueAt: new Date(Date.now() + 14 * 86_400_000) }),
    links: [OURS.answer],
  },
  ...(["reviewer", "provider"] as const).flatMap((audience) => [
    {
      name: `review dispute decided (${audience})`,
      message: reviewDisputeDecidedEmail({ audience, outcome: "UPHELD", providerName: HOSTILE, reason: "ABUSIVE", note: HOSTILE }),
      links: [],
    },
    { name: `review removed (${audience})`, message: reviewRemovedEmail({ audience, providerName: HOSTILE, reason: "SPAM", note: HOSTILE }), links: [] },
  ]),
  { name: "review received", message: reviewReceivedEmail({ providerName: HOSTILE, editUrl: OURS.reviewEdit }), links: [OURS.reviewEdit] },
  ...(["review invitation", "review reminder"] as const).map((name) => ({
    name,
    message: (name === "review invitation" ? reviewInvitationEmail : reviewReminderEmail)({
      providerName: HOSTILE,
      deliveredAt: new Date("2026-01-31T09:00:00Z"),
      writeUrl: OURS.review.write,
      declineUrl: OURS.review.decline,
      optOutUrl: OURS.review.optOut,
    }),
    links: [OURS.review.write, OURS.review.decline, OURS.review.optOut],
  })),
];

describe("email templates and typed text", () => {
  it.each(every)("$name: the subject and every link are ours", ({ message, links }) => {
    expect(message.subject).not.toMatch(/Ada|SUSPENDED|evil/);
    expect(extractLinks(message.text)).toEqual(links);
    const hrefs = [...message.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    expect(hrefs).toEqual(links);
  });

  it.each(every)("$name: typed text is one quoted, labelled line (or a quotation) after our message, with no address intact", ({ message }) => {
    for (const part of [message.text, message.html]) {
      expect(part).not.toMatch(/evil\.example|evil-login\.com|https:\/\/evil|www\.evil/);
      expect(part).not.toMatch(/[\r\u202E]/);
    }
    expect(message.html).not.toContain("<b>now");
    const lines = message.text.split("\n");
    for (const line of lines.filter((l) => l.includes("SUSPENDED"))) {
      expect(line).toMatch(/^ {2}(Name|Provider|Team|Invited by): “Ada YOUR ACCOUNT IS SUSPENDED \. Re-verify at https\[:\]\/\/evil\[\.\]example\/login, www\[\.\]evil\[\.\]example or evil-login\[\.\]com <b>now<\/b>” ?(<tara@example\.com>)?$|^> /);
    }
    // Our own words come first: typed text never precedes the first link or the sign-off.
    const firstTyped = lines.findIndex((l) => l.includes("SUSPENDED"));
    if (firstTyped >= 0) {
      expect(lines.slice(0, firstTyped).join("\n")).toMatch(/^Hello,\n/);
      expect(lines[firstTyped - 1]).toMatch(/(as you entered it|as the team entered it|reason):$/);
    }
  });

  it("keeps a reason's paragraphs as a quotation, line by line", () => {
    const { text, html } = rejectionEmail({ fullName: "Ada", reason: "First line.\r\nSecond line.\n\n\n\nSee evil.example" });
    expect(text).toContain("The reviewer's reason:\n> First line.\n> Second line.\n>\n> See evil[.]example\n");
    expect(html).toContain("<blockquote");
    expect(html).toContain("First line.<br>Second line.<br><br>See evil[.]example");
  });

  it("tells a provider which inquiries were erased, and nothing of the person", () => {
    const { subject, text } = privacyErasureNoticeEmail({ inboxUrl: OURS.inquiries, inquiryIds: ["id-one", "id-two"] });
    expect(subject).toBe("Inquiries erased at the sender's request on Provider Registry");
    expect(text).toContain("Inquiries erased: id-one, id-two.");
    expect(text).not.toMatch(/“|@/);
  });

  it("never repeats the applicant's text to an address nobody has confirmed", () => {
    const { subject, text, html } = verificationEmail({ verifyUrl: OURS.verify });
    expect(`${subject}${text}${html}`).not.toMatch(/“/);
  });
});
