import { env } from "./env";
import { currentRequestId } from "./request-context";

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

// A line is bounded whatever a field holds: request values (a URL, a header echoed in an error
// message, a database error quoting its parameters) can be as long as the server accepts, and one
// request must not be able to write kilobytes of log.
const MAX_TEXT = 1000;
const MAX_STACK = 4000;
const MAX_ITEMS = 20;
const MAX_DEPTH = 4;
const MAX_LINE = 8000;

function clip(text: string, max = MAX_TEXT): string {
  return text.length <= max ? text : `${text.slice(0, max)}…(${text.length - max} more characters)`;
}

function serialise(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return clip(value);
  if (value instanceof Error) {
    return { name: value.name, message: clip(redact(value.message)), stack: value.stack ? clip(redact(value.stack), MAX_STACK) : undefined };
  }
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[…]";
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => serialise(v, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `…(${value.length - MAX_ITEMS} more)`] : items;
  }
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value);
  for (const [k, v] of entries.slice(0, MAX_ITEMS)) out[clip(k, 100)] = serialise(v, depth + 1);
  if (entries.length > MAX_ITEMS) out["…"] = `${entries.length - MAX_ITEMS} more fields`;
  return out;
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
  // Inside a request, every line carries its id (a caller's own requestId field wins).
  const requestId = currentRequestId();
  if (requestId) entry.requestId = requestId;
  for (const [k, v] of Object.entries(fields ?? {})) entry[k] = serialise(v);
  let line = redact(JSON.stringify(entry));
  if (line.length > MAX_LINE) {
    line = JSON.stringify({ time: entry.time, level, event, truncated: `${line.length} characters`, head: line.slice(0, MAX_LINE) });
  }
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

export const log = {
  debug: (event: string, fields?: Record<string, unknown>) => write("debug", event, fields),
  info: (event: string, fields?: Record<string, unknown>) => write("info", event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write("warn", event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write("error", event, fields),
};
