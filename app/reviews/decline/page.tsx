import { DeclineForm } from "@/components/reviews/invitation/decline-form";
import { InvitationOutcome, refusalKind } from "@/components/reviews/invitation/invitation-outcome";
import { singleParam, tokenPageMetadata } from "@/components/ui/token-page";
import { databaseReady } from "@/db";
import { AppError } from "@/lib/errors";
import { findInvitationByToken } from "@/lib/reviews/find-invitation-by-token";

export const metadata = tokenPageMetadata({ title: "We didn't work together", description: "Answer a review invitation." });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** GET only reads: it shows the choice (mail scanners open links); the form's POST declines. */
export default async function DeclineInvitationPage({ searchParams }: { searchParams: SearchParams }) {
  const token = singleParam(await searchParams, "token");
  let found;
  try {
    found = await findInvitationByToken(await databaseReady(), { token, now: new Date(), accept: "declined" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const kind = refusalKind(error.code);
    return <InvitationOutcome kind={kind === "retry" ? "invalid" : kind} />;
  }
  if (found.invitation.declinedAt) return <InvitationOutcome kind="declined" />;
  return <DeclineForm token={token!} providerName={found.provider.name} />;
}
