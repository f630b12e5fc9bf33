// The email that carries a one-time sign-in link (the frame: lib/email/layout.ts).
import { message, PRODUCT, type EmailMessage } from "@/lib/email/layout";

export function signInEmail(params: { url: string; expires: Date }): EmailMessage {
  const minutes = Math.max(1, Math.round((params.expires.getTime() - Date.now()) / 60_000));
  return message(
    `Sign in to ${PRODUCT}`,
    [
      "Hello,",
      `Use the link below to sign in to the ${PRODUCT} studio. It works once and expires in ${minutes} minutes.`,
      "If you did not ask to sign in, you can ignore this email: nobody can sign in without this link.",
    ],
    { label: "Sign in", url: params.url },
  );
}
