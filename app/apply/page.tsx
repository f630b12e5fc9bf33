import type { Metadata } from "next";
import { connection } from "next/server";
import { ApplyForm } from "@/components/apply/apply-form";
import { applyFormLimits } from "@/components/apply/form-limits";
import { VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";
import { env } from "@/lib/config/env";

export const metadata: Metadata = {
  title: "Apply to join",
  description:
    "Agencies and studios: apply to be listed in Provider Registry. Confirm your email address and our team reviews your application.",
  alternates: { canonical: "/apply" },
  openGraph: { title: "Apply to join Provider Registry", url: "/apply" },
};

export default async function ApplyPage() {
  // The Turnstile site key is configuration of the running server, not of the build.
  await connection();
  return (
    <ApplyForm
      siteKey={env().NEXT_PUBLIC_TURNSTILE_SITE_KEY ?? null}
      linkLifetimeHours={VERIFICATION_TTL_HOURS}
      limits={applyFormLimits()}
    />
  );
}
