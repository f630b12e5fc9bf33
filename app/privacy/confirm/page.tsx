import { connection } from "next/server";
import { PrivacyConfirmOutcome } from "@/components/privacy/privacy-confirm-outcome";
import { PrivacyConfirmPanel } from "@/components/privacy/privacy-confirm-panel";
import { singleParam, tokenPageMetadata } from "@/components/ui/token-page";
import { getDb } from "@/db";
import { describePrivacyRequest } from "@/lib/privacy/describe-privacy-request";

export const metadata = tokenPageMetadata({ title: "Confirm your privacy request" });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** GET shows what will happen and a button: mail scanners open links, so only the button's POST acts. */
export default async function PrivacyConfirmPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const token = singleParam(await searchParams, "token");
  const request = await describePrivacyRequest(getDb(), { token });
  if (!request || !token) return <PrivacyConfirmOutcome kind="invalid" />;
  if (request.state === "COMPLETED") return <PrivacyConfirmOutcome kind={request.kind === "ACCESS" ? "access" : "erased"} />;
  if (request.state === "EXPIRED") return <PrivacyConfirmOutcome kind="expired" />;
  return <PrivacyConfirmPanel token={token} kind={request.kind} />;
}
