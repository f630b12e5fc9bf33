import { isSpanContextValid, trace } from "@opentelemetry/api";
import { env } from "./env";
import { redact } from "./redact";
import { currentRequestId } from "./request-context";

// JSON lines on stdout/stderr. Secrets never reach a log line: every line passes through `redact`
// (redact.ts: token-, secret- and address-bearing query strings, authorization values, API keys), the
// same rule the exported traces pass through.
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };


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
  if (value instanceof Error) return serialiseError(value, depth);
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

/**
 * The fields of a database error that say what failed and where, never with what: the SQLSTATE
 * (`code`), severity, the server routine and the constraint, table and column it names (postgres.js
 * calls them `constraint_name`…, PGlite `constraint`…). Left out: `detail` ("Key (email)=(…) already
 * exists") and `where`, which quote values, and the query's parameters.
 */
const DATABASE_FIELDS: [from: string[], to: string][] = [
  [["code"], "code"],
  [["severity"], "severity"],
  [["routine"], "routine"],
  [["constraint_name", "constraint"], "constraint"],
  [["table_name", "table"], "table"],
  [["column_name", "column"], "column"],
];

// Postgres messages that quote the offending value: `invalid input syntax for type uuid: "…"`,
// `invalid input value for enum stage: "…"`, `value "…" is out of range for type integer`.
const QUOTED_VALUE = /(invalid input (?:syntax|value) for (?:type|enum) [^:"]+): ".*"$|\bvalue ".*" (is out of range)/s;

/**
 * An error's own words without the values it was given. Drizzle's failed query says `Failed query:
 * <sql>\nparams: <values>`: the SQL is kept (it holds placeholders, not values), the values are not.
 */
function errorMessage(error: Error): string {
  const fields = error as unknown as Record<string, unknown>;
  let message = error.message;
  if (typeof fields.query === "string" && "params" in fields && message.startsWith("Failed query:")) {
    const count = Array.isArray(fields.params) ? fields.params.length : 0;
    message = `Failed query: ${fields.query}\nparams: ${count} value(s), not logged`;
  }
  return message.replace(QUOTED_VALUE, (_all, syntax?: string, range?: string) => (syntax ? `${syntax}: [value]` : `value [value] ${range}`));
}

/**
 * An error as a log field: its name and message, the database fields above (a Postgres error's
 * SQLSTATE, so an operator can tell a timeout from a constraint from an outage), its stack, and its
 * `cause` the same way (drizzle wraps the driver's error in one; an AggregateError's `errors` too).
 */
function serialiseError(error: Error, depth: number): Record<string, unknown> {
  const message = errorMessage(error);
  const out: Record<string, unknown> = { name: error.name, message: clip(redact(message)) };
  const fields = error as unknown as Record<string, unknown>;
  for (const [from, to] of DATABASE_FIELDS) {
    const value = from.map((k) => fields[k]).find((v) => typeof v === "string" || typeof v === "number");
    if (value !== undefined) out[to] = typeof value === "string" ? clip(value, 200) : value;
  }
  if (error.stack) {
    const stack = message === error.message ? error.stack : error.stack.replace(error.message, message);
    out.stack = clip(redact(stack), MAX_STACK);
  }
  if (depth < MAX_DEPTH) {
    if (error.cause !== undefined) out.cause = serialise(error.cause, depth + 1);
    if (error instanceof AggregateError) out.errors = serialise(error.errors, depth + 1);
  }
  return out;
}

function write(level: Level, event: string, fields?: Record<string, unknown>, always = false) {
  let threshold: Level | "silent";
  try {
    threshold = env().LOG_LEVEL;
  } catch {
    threshold = "info";
  }
  if (threshold === "silent" || (!always && order[level] < order[threshold])) return;
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, event };
  // Inside a request, every line carries its id (a caller's own requestId field wins).
  const requestId = currentRequestId();
  if (requestId) entry.requestId = requestId;
  // With tracing on, a line written inside a span carries its trace and span ids, so a trace found in
  // the tracing backend leads to its log lines and back (no span is active when tracing is off).
  const span = trace.getActiveSpan()?.spanContext();
  if (span && isSpanContextValid(span)) {
    entry.traceId = span.traceId;
    entry.spanId = span.spanId;
  }
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
  /** The access log's line (`http.access`, ACCESS_LOG): asked for on its own, so written whatever LOG_LEVEL but silent. */
  access: (fields: Record<string, unknown>) => write("info", "http.access", fields, true),
};
