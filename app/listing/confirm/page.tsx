import { ConfirmLinkOutcome } from "@/components/freshness/confirm-link-outcome";
import { ConfirmLinkPanel } from "@/components/freshness/confirm-link-panel";
import { singleParam, tokenPageMetadata } from "@/components/ui/token-page";
import { databaseReady } from "@/db";
import { longDate } from "@/lib/freshness/emails";
import { getConfirmToken } from "@/lib/freshness/get-confirm-token";

export const metadata = tokenPageMetadata({
  title: "Confirm your listing",
  description: "Confirm that your listing's details are still current.",
});

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** GET reads the link and shows what it would confirm; mail scanners open links, so only the button's POST acts. */
export default async function ConfirmListingPage({ searchParams }: { searchParams: SearchParams }) {
  const token = singleParam(await searchParams, "token");
  const found = await getConfirmToken(await databaseReady(), { token, now: new Date() });
  if (found.state !== "valid") return <ConfirmLinkOutcome kind={found.state} />;
  if (found.suspended) return <ConfirmLinkOutcome kind="suspended" />;
  return (
    <ConfirmLinkPanel token={token!} providerName={found.providerName} confirmedOn={longDate(found.confirmedAt)} hidden={found.hidden} />
  );
}
