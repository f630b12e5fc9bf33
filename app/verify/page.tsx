import { VerifyOutcome } from "@/components/verify/verify-outcome";
import { VerifyPanel } from "@/components/verify/verify-panel";
import { singleParam, tokenPageMetadata } from "@/components/ui/token-page";
import { databaseReady } from "@/db";
import { verificationLinkState } from "@/lib/applications/resend-verification";
import { isWellFormedToken } from "@/lib/tokens/verification-token";

export const metadata = tokenPageMetadata({
  title: "Confirm your email",
  description: "Confirm the email address of your Provider Registry application.",
});

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** GET only shows a button: mail scanners open links, so confirming takes the button's POST. */
export default async function VerifyPage({ searchParams }: { searchParams: SearchParams }) {
  const token = singleParam(await searchParams, "token");
  if (!isWellFormedToken(token)) return <VerifyOutcome kind="invalid" />;
  // Read only: an expired link shows its way out ("Send me a new link") at once, not after a button.
  const state = await verificationLinkState(await databaseReady(), { token });
  if (state === "expired") return <VerifyOutcome kind="expired" token={token} />;
  return <VerifyPanel token={token} />;
}
