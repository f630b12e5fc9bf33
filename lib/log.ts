import { env } from "./env";

// JSON lines on stdout/stderr. Secrets never reach a log line: token-bearing query strings and
// authorization values are redacted here, in the one place every log call passes through.
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const SECRET_QUERY = /([?&](?:token|key|api_key|secret)=)[^&#\s"]*/gi;
const BEARER = /(bearer\s+)[A-Za-z0-9_\-.]+/gi;
const API_KEY = /\bprk_[A-Za-z0-9]{10,}/g;

export function redact(text: string): string {
  return text.replace(SECRET_QUERY, "$1[redacted]").replace(BEARER, "$1[redacted]").replace(API_KEY, "prk_[redacted]");
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: redact(value.message), stack: value.stack ? redact(value.stack) : undefined };
  }
  return value;
}

function write(level: Level, event: string, fields?: Record<string, unknown>) {
  let threshold: Level | "silent";
  try {
    threshold = env().LOG_LEVEL;
  } catch {
    threshold = "info";
  }
  if (order[level] < order[threshold]) return;
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, event };
  for (const [k, v] of Object.entries(fields ?? {})) entry[k] = serialise(v);
  const line = redact(JSON.stringify(entry));
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

export const log = {
  debug: (event: string, fields?: Record<string, unknown>) => write("debug", event, fields),
  info: (event: string, fields?: Record<string, unknown>) => write("info", event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write("warn", event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write("error", event, fields),
};
