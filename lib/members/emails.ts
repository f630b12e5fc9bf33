// The email of a team invitation (the frame and the rules for typed values: lib/email/layout.ts).
import { linkLifetime, message, PRODUCT, type EmailMessage } from "@/lib/email/layout";
import { personLabel, type Person } from "@/lib/users/person";
import { INVITATION_TTL_DAYS } from "./schemas";

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
