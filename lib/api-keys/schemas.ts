import { z } from "@/lib/validation/zod";
import { isOneLineText } from "@/lib/validation/text";

// Inputs of the studio's key forms, shared by the client forms (zodResolver) and the server actions.

export const API_KEY_EXPIRY_CHOICES = ["never", "30", "90", "date"] as const;
export type ApiKeyExpiryChoice = (typeof API_KEY_EXPIRY_CHOICES)[number];

export const API_KEY_EXPIRY_LABELS: Record<ApiKeyExpiryChoice, string> = {
  never: "Never",
  "30": "In 30 days",
  "90": "In 90 days",
  date: "On a date I choose",
};

const DAY_MS = 86_400_000;
/** A chosen date may be at most this far ahead; longer-lived keys are "never expires" keys. */
export const MAX_EXPIRY_DAYS = 5 * 366;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight UTC at the start of a YYYY-MM-DD date, or null if it is not a real date. */
function startOfUtcDay(value: string): Date | null {
  if (!ISO_DATE.test(value)) return null;
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

export const createApiKeySchema = z
  .object({
    name: z
      .string({ error: "Give the key a name" })
      .trim()
      .min(1, { error: "Give the key a name" })
      .max(100, { error: "Key names are at most 100 characters" })
      .refine(isOneLineText, { error: "Key names are one line, without tabs or control characters" }),
    expiry: z.enum(API_KEY_EXPIRY_CHOICES, { error: "Choose when the key expires" }),
    // The <input type="date"> value; only read when expiry is "date".
    expiresOn: z.string().trim().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.expiry !== "date") return;
    const date = startOfUtcDay(value.expiresOn ?? "");
    if (!date) {
      ctx.addIssue({ code: "custom", path: ["expiresOn"], message: "Choose the date the key expires" });
      return;
    }
    const now = Date.now();
    if (date.getTime() <= now) {
      ctx.addIssue({ code: "custom", path: ["expiresOn"], message: "Choose a date after today (UTC)" });
    } else if (date.getTime() > now + MAX_EXPIRY_DAYS * DAY_MS) {
      ctx.addIssue({ code: "custom", path: ["expiresOn"], message: "Choose a date within five years, or “Never”" });
    }
  });


/**
 * When a key made with these choices stops working: N days from now, or at 00:00 UTC at the start
 * of the chosen date (the key "expires on" that date), or never.
 */
export function expiryDate(input: z.output<typeof createApiKeySchema>, now = new Date()): Date | null {
  if (input.expiry === "never") return null;
  if (input.expiry === "date") return startOfUtcDay(input.expiresOn ?? "");
  return new Date(now.getTime() + Number(input.expiry) * DAY_MS);
}

// Any string: the domain answers "not found" for ids that are not a key of this provider.
export const revokeApiKeySchema = z.object({ keyId: z.string({ error: "Choose a key" }).min(1, { error: "Choose a key" }) });
