import { z } from "@/lib/validation/zod";
import { emailSchema } from "@/lib/validation/primitives";

/** The sign-in form: one email address; the same rule as everywhere else an email is typed. */
export const signInSchema = z.object({ email: emailSchema });
export type SignInInput = z.input<typeof signInSchema>;
