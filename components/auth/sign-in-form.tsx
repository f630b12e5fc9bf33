"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Turnstile } from "@marsidev/react-turnstile";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import styles from "@/components/ui/ui.module.css";
import { useTurnstileToken } from "@/components/ui/use-turnstile-token";
import { signInSchema, type SignInInput } from "@/lib/auth/schemas";
import { TURNSTILE_ACTIONS } from "@/lib/captcha/turnstile-actions";

/**
 * One sentence for every refusal (a limit, a CAPTCHA siteverify did not accept, mail trouble): the
 * server answers them all alike, so the page cannot tell a requester which case it was either.
 */
const NOT_SENT =
  "We could not send a sign-in link just now. If you asked for several links in the last hour, wait a little and try again.";

/**
 * Asks for an email address and has Auth.js send a one-time sign-in link to it. With a Turnstile site
 * key, the request carries the widget's token (`turnstileToken`), which the server verifies.
 */
export function SignInForm({ callbackUrl, siteKey }: { callbackUrl: string; siteKey: string | null }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const captcha = useTurnstileToken(siteKey);
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: "" } });
  const error = form.formState.errors.email?.message;

  async function send({ email }: SignInInput) {
    setFailure(null);
    const turnstileToken = await captcha.take();
    if (turnstileToken === null) {
      setFailure("The security check below has not finished. Wait until it shows it is done, then ask for the link again.");
      return;
    }
    const result = await signIn("email", { email, callbackUrl, redirect: false, turnstileToken });
    if (!result || result.error) {
      captcha.renew();
      setFailure(NOT_SENT);
      return;
    }
    router.push(`/signin/check-email?email=${encodeURIComponent(email.trim().toLowerCase())}`);
  }

  return (
    <form className={styles.stack} onSubmit={(event) => form.handleSubmit(send)(event)} noValidate style={{ maxWidth: "28rem" }}>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <Field id="signin-email" label="Email address" hint="We will email you a link that signs you in." error={error}>
        {(a11y) => (
          <input {...a11y} {...form.register("email")} className={styles.input} type="email" autoComplete="email" required />
        )}
      </Field>
      {siteKey ? (
        <div className={styles.field}>
          <p className={styles.label}>Security check</p>
          <Turnstile
            {...captcha.widget}
            siteKey={siteKey}
            options={{ action: TURNSTILE_ACTIONS.signIn, theme: "auto" }}
          />
        </div>
      ) : null}
      <div>
        <button type="submit" className={styles.button} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Sending…" : "Email me a sign-in link"}
        </button>
      </div>
    </form>
  );
}
