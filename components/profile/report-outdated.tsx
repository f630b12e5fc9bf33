import { env } from "@/lib/config/env";
import { ReportForm } from "./report-form";

/** The profile's "Report outdated information" link and form, with the Turnstile site key when one is set. */
export function ReportOutdated({ slug, name }: { slug: string; name: string }) {
  return <ReportForm slug={slug} providerName={name} siteKey={env().NEXT_PUBLIC_TURNSTILE_SITE_KEY ?? null} />;
}
