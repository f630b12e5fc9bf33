import { z } from "zod";

// Every environment variable the server reads, validated once. Tests that change process.env call resetEnv().
const booleanish = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DATA_DIR: z.string().default(".data/pglite"),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  APP_URL: z.string().url().default("http://localhost:3000"),
  EMAIL_TRANSPORT: z.enum(["mailbox", "resend"]).optional(),
  RESEND_API_KEY: z.string().min(1).optional(),
  EMAIL_FROM: z.string().min(3).default("Provider Registry <no-reply@provider-registry.local>"),
  EMAIL_DISPATCH_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  NEXT_PUBLIC_TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_VERIFY_URL: z
    .string()
    .url()
    .default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  AUTH_SECRET: z.string().min(1).optional(),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  INTEREST_IP_LIMIT: z.coerce.number().int().min(0).default(20),
  SIGN_IN_EMAIL_LIMIT: z.coerce.number().int().min(1).default(5),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  START_EMAIL_DISPATCHER: booleanish.default(true),
  // Required to read the local mailbox when set; a production build without it keeps the mailbox closed.
  MAILBOX_SECRET: z.string().min(16, { error: "MAILBOX_SECRET must be at least 16 characters" }).optional(),
});

export type Env = z.infer<typeof envSchema> & {
  /** The email transport in force: an explicit choice, else Resend with a key, else the mailbox outside production. */
  emailTransport: "mailbox" | "resend" | "disabled";
};

let cached: Env | undefined;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings in .env files mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const emailTransport =
    e.EMAIL_TRANSPORT ?? (e.RESEND_API_KEY ? "resend" : e.NODE_ENV === "production" ? "disabled" : "mailbox");
  return { ...e, emailTransport };
}

export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

export function resetEnv(): void {
  cached = undefined;
}
