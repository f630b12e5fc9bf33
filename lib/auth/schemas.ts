import { z } from "zod";
import { emailSchema } from "@/lib/validation/primitives";

/** The sign-in form: one email address; the same rule as everywhere else an email is typed. */
export const signInSchema = z.object({ email: emailSchema });
export type SignInInput = z.input<typeof signInSchema>;

/** Only same-site paths are accepted as the place to return to after signing in. */
export function safeReturnPath(value: unknown, fallback = "/studio"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}
