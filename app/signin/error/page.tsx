import Link from "next/link";
import { TokenOutcome } from "@/components/ui/token-outcome";
import { outcomePageMetadata, singleParam } from "@/components/ui/token-page";

export const metadata = outcomePageMetadata("Sign-in problem");

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const MESSAGES: Record<string, string> = {
  Verification: "This sign-in link has expired or was already used. Links work once: for 30 minutes when you ask for one here, for 24 hours in an approval or invitation email. Ask for a new one with the same address.",
  EmailSignin: "We could not send a sign-in link. If you asked for several in the last hour, wait a little and try again.",
  AccessDenied: "You may not sign in with this address.",
  Configuration: "Sign-in is not available on this server right now.",
};

/** Where Auth.js sends a sign-in that failed: a used or expired link, a refused request for one. */
export default async function SignInErrorPage({ searchParams }: { searchParams: SearchParams }) {
  const error = singleParam(await searchParams, "error");
  const message = (error && Object.hasOwn(MESSAGES, error) && MESSAGES[error]) || "Something went wrong while signing you in.";
  return (
    <TokenOutcome id="signin-error-heading" tone="problem" title="We could not sign you in" message={message} alert>
      <p>
        <Link href="/signin">Ask for a new sign-in link</Link>
      </p>
    </TokenOutcome>
  );
}
