"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import styles from "@/components/ui/ui.module.css";
import { signInSchema, type SignInInput } from "@/lib/auth/schemas";

/** Asks for an email address and has Auth.js send a one-time sign-in link to it. */
export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: "" } });
  const error = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    const result = await signIn("email", { email, callbackUrl, redirect: false });
    if (!result || result.error) {
      setFailure(
        "We could not send a sign-in link just now. If you asked for several links in the last hour, wait a little and try again.",
      );
      return;
    }
    router.push(`/signin/check-email?email=${encodeURIComponent(email.trim().toLowerCase())}`);
  });

  return (
    <form className={styles.stack} onSubmit={onSubmit} noValidate style={{ maxWidth: "28rem" }}>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <Field id="signin-email" label="Email address" hint="We will email you a link that signs you in." error={error}>
        {(a11y) => (
          <input {...a11y} {...form.register("email")} className={styles.input} type="email" autoComplete="email" required />
        )}
      </Field>
      <div>
        <button type="submit" className={styles.button} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Sending…" : "Email me a sign-in link"}
        </button>
      </div>
    </form>
  );
}
