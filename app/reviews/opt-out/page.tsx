import { InvitationOutcome, refusalKind } from "@/components/reviews/invitation/invitation-outcome";
import { singleParam, tokenPageMetadata } from "@/components/ui/token-page";
import { TokenPostForm } from "@/components/ui/token-post-form";
import { databaseReady } from "@/db";
import { AppError } from "@/lib/errors";
import { findInvitationByToken } from "@/lib/reviews/find-invitation-by-token";

export const metadata = tokenPageMetadata({ title: "Stop review emails", description: "Stop review invitations to your address." });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** GET only shows the button (mail scanners open links); its POST opts the mailbox out. */
export default async function OptOutPage({ searchParams }: { searchParams: SearchParams }) {
  const token = singleParam(await searchParams, "token");
  try {
    await findInvitationByToken(await databaseReady(), { token, now: new Date(), accept: "any" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const kind = refusalKind(error.code);
    return <InvitationOutcome kind={kind === "retry" ? "invalid" : kind} />;
  }
  return (
    <section aria-labelledby="opt-out-heading">
      <h1 id="opt-out-heading">Stop review emails</h1>
      <p className="lede">
        Press the button and we will never send this address a review invitation or reminder again, whichever provider you
        contact.
      </p>
      <TokenPostForm action="/reviews/opt-out/send" fields={{ token: token! }} label="Stop review emails" />
    </section>
  );
}
