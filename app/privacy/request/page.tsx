import type { Metadata } from "next";
import { connection } from "next/server";
import { PrivacyRequestForm } from "@/components/privacy/privacy-request-form";
import { env } from "@/lib/config/env";
import { PRIVACY_CONFIRM_TTL_HOURS } from "@/lib/privacy/privacy-rules";

export const metadata: Metadata = {
  title: "Your data: a copy or its erasure",
  description: "Ask Provider Registry for a copy of the data it holds for your email address, or for its erasure.",
  alternates: { canonical: "/privacy/request" },
};

export default async function PrivacyRequestPage() {
  // The Turnstile site key is configuration of the running server, not of the build.
  await connection();
  return (
    <section aria-labelledby="privacy-heading">
      <h1 id="privacy-heading">Your data: a copy or its erasure</h1>
      <p className="lede">
        If you wrote to a provider, reviewed one, applied to be listed or reported a listing, we hold what you sent with your email
        address. You can ask for a copy of it, or for its erasure. No account needed: we email you a link to confirm (valid{" "}
        {PRIVACY_CONFIRM_TTL_HOURS} hours), and nothing happens until you do.
      </p>
      <p>Every spelling of your address that reaches the same mailbox counts as yours: name+anything@, and Gmail addresses with or without dots.</p>
      <PrivacyRequestForm siteKey={env().NEXT_PUBLIC_TURNSTILE_SITE_KEY ?? null} />
    </section>
  );
}
