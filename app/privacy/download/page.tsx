import Link from "next/link";
import { TokenOutcome } from "@/components/ui/token-outcome";
import { singleParam, tokenPageMetadata } from "@/components/ui/token-page";
import { TokenPostForm } from "@/components/ui/token-post-form";
import { isWellFormedToken } from "@/lib/tokens/verification-token";
import { PRIVACY_DOWNLOAD_TTL_DAYS } from "@/lib/privacy/privacy-rules";

export const metadata = tokenPageMetadata({ title: "Download your data" });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const REFUSALS = {
  expired: `This download link was used already or is older than ${PRIVACY_DOWNLOAD_TTL_DAYS} days.`,
  invalid: "The link is incomplete or not one we sent.",
} as const;

/**
 * The access file's page. The link downloads once, so opening it (as a mail scanner's prefetch does)
 * only shows a button; the button's plain POST (/privacy/download/file) hands the file out and spends
 * the link. A refused POST comes back here with ?result=expired|invalid.
 */
export default async function PrivacyDownloadPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const result = singleParam(params, "result");
  const token = singleParam(params, "token");
  if (result === "expired" || result === "invalid" || !isWellFormedToken(token)) {
    const kind = result === "expired" ? "expired" : "invalid";
    return (
      <TokenOutcome id="download-outcome-heading" tone="problem" title="This download link does not work" message={REFUSALS[kind]}>
        <p>
          <Link href="/privacy/request">Ask for a new copy</Link>
        </p>
      </TokenOutcome>
    );
  }
  return (
    <section aria-labelledby="download-heading">
      <h1 id="download-heading">Download your data</h1>
      <p className="lede">
        The file is JSON: the messages you sent providers, your reviews, applications, reports and privacy requests. The button works
        once; keep the file somewhere safe.
      </p>
      <TokenPostForm action="/privacy/download/file" fields={{ token }} label="Download my data" />
    </section>
  );
}
