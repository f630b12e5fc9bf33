import { ApplicationStatus } from "@/components/verify/application-status";
import { VerifyOutcome } from "@/components/verify/verify-outcome";
import { VerifyPanel } from "@/components/verify/verify-panel";
import { singleParam, tokenPageMetadata } from "@/components/ui/token-page";
import { databaseReady } from "@/db";
import { readVerificationLink } from "@/lib/applications/read-verification-link";
import { isWellFormedToken } from "@/lib/tokens/verification-token";

export const metadata = tokenPageMetadata({
  title: "Your application",
  description: "Confirm the email address of your Provider Registry application, and see its status.",
});

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * GET only shows: mail scanners open links, so confirming takes the button's POST. Once confirmed,
 * the same link shows the application's status (docs/decisions/applications-and-verification.md).
 */
export default async function VerifyPage({ searchParams }: { searchParams: SearchParams }) {
  const token = singleParam(await searchParams, "token");
  if (!isWellFormedToken(token)) return <VerifyOutcome kind="invalid" />;
  const link = await readVerificationLink(await databaseReady(), { token });
  // A well-formed link we never sent keeps the button, which answers that it does not work.
  if (link.state === "invalid") return <VerifyPanel token={token} />;
  // An expired link shows its way out ("Send me a new link") at once, not after a button.
  if (link.state === "expired") return <VerifyOutcome kind="expired" token={token} />;
  if (link.state === "closed") return <VerifyOutcome kind="closed" />;
  if (link.state === "confirmed") return <ApplicationStatus application={link.application} />;
  const { email, companyName, alsoHas } = link.application;
  return <VerifyPanel token={token} application={{ email, companyName, alsoHas }} />;
}
