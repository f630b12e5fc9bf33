import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api";

// With tracing on (an OTLP endpoint configured, lib/tracing/register-tracing.ts), every statement and
// transaction the app sends is a span of the request it serves: `db.system` postgresql, `db.operation`
// (SELECT, INSERT…), the table, and the statement's text. The text never holds a value: the app builds
// no SQL text from values (CONTRIBUTING.md), they travel as parameters, and parameters are never
// recorded. Only inside a span being recorded (a traced request): background loops (the email
// dispatcher polling every 2 s) would otherwise fill the backend with one-statement traces. With
// tracing off, the cost per statement is one look-up of the active span, which answers none.

const TRACER_NAME = "provider-registry-db";
const MAX_STATEMENT = 2000;

type AnyFunction = (...args: unknown[]) => unknown;

/** The span a statement would be a child of: the active one, when it is being recorded. */
function recordingParent(): boolean {
  return trace.getActiveSpan()?.isRecording() === true;
}

/** A table name after a keyword: drizzle quotes it; raw SQL may not (a function call such as now() is no table). */
const TABLE = String.raw`(?:"([^"]+)"|([a-z_][\w$]*)\b(?!\s*\())`;
const TABLE_AFTER: Record<string, RegExp> = {
  SELECT: new RegExp(String.raw`\bfrom\s+${TABLE}`, "i"),
  INSERT: new RegExp(String.raw`^insert\s+into\s+${TABLE}`, "i"),
  UPDATE: new RegExp(String.raw`^update\s+${TABLE}`, "i"),
  DELETE: new RegExp(String.raw`^delete\s+from\s+${TABLE}`, "i"),
};

/** The statement's operation (its first keyword) and main table, as far as the text says. */
export function describeStatement(text: string): { operation: string; table?: string } {
  const body = text.replace(/^(?:\s+|\/\*[\s\S]*?\*\/|--[^\n]*\n)+/, "");
  const operation = (/^[a-z]+/i.exec(body)?.[0] ?? "QUERY").toUpperCase();
  const match = TABLE_AFTER[operation]?.exec(body);
  const table = match?.[1] ?? match?.[2];
  return table ? { operation, table } : { operation };
}

function startStatementSpan(text: string): Span {
  const { operation, table } = describeStatement(text);
  const attributes: Attributes = {
    "db.system": "postgresql",
    "db.operation": operation,
    "db.statement": text.length > MAX_STATEMENT ? `${text.slice(0, MAX_STATEMENT)}…` : text,
  };
  if (table) attributes["db.sql.table"] = table;
  return trace.getTracer(TRACER_NAME).startSpan(table ? `${operation} ${table}` : operation, { kind: SpanKind.CLIENT, attributes });
}

function startTransactionSpan(name: "transaction" | "savepoint"): Span {
  return trace.getTracer(TRACER_NAME).startSpan(name, { kind: SpanKind.CLIENT, attributes: { "db.system": "postgresql", "db.operation": name.toUpperCase() } });
}

/** Ends the span with the outcome; a failure is named by its SQLSTATE, never its message (which may quote values). */
function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === "string") span.setAttribute("db.response.status_code", code);
    span.setStatus({ code: SpanStatusCode.ERROR, message: typeof code === "string" ? `SQLSTATE ${code}` : "statement failed" });
  }
  span.end();
}

/** Runs an eager call (it starts its work at once and answers a promise) inside its span. */
async function eagerInSpan<T>(span: Span, run: () => Promise<T>): Promise<T> {
  try {
    const result = await context.with(trace.setSpan(context.active(), span), run);
    endSpan(span);
    return result;
  } catch (error) {
    endSpan(span, error);
    throw error;
  }
}

/**
 * A postgres.js query is lazy: sent when first awaited. Its span runs from that first `then` until it
 * settles, as db/client.ts counts it.
 */
function spanWhenAwaited(query: unknown, text: string): unknown {
  const thenable = query as PromiseLike<unknown>;
  const then = thenable.then;
  let started = false;
  Object.defineProperty(thenable, "then", {
    configurable: true,
    writable: true,
    value(this: PromiseLike<unknown>, ...handlers: Parameters<PromiseLike<unknown>["then"]>) {
      if (!started) {
        started = true;
        const span = startStatementSpan(text);
        then.call(
          thenable,
          () => endSpan(span),
          (error: unknown) => endSpan(span, error),
        );
      }
      return then.apply(this, handlers);
    },
  });
  return query;
}

/**
 * A postgres.js client whose statements (`unsafe`, how drizzle sends every one) and transactions
 * (`begin`, and `savepoint` inside one) are spans while a traced request runs. The transaction's own
 * client, handed to its callback, is traced the same way, so its statements are children of its span.
 */
export function tracedPostgresClient<C extends object>(client: C): C {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      const method = value as AnyFunction;
      if (property === "unsafe") {
        return (...args: unknown[]) => {
          const query = method.apply(target, args);
          return recordingParent() ? spanWhenAwaited(query, String(args[0])) : query;
        };
      }
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          if (!recordingParent()) return method.apply(target, args);
          // begin(fn) or begin(options, fn): the callback is last.
          const callback = args[args.length - 1] as (sql: object) => unknown;
          const span = startTransactionSpan(property === "begin" ? "transaction" : "savepoint");
          const inner = [...args.slice(0, -1), (sql: object) => callback(tracedPostgresClient(sql))];
          return eagerInSpan(span, () => method.apply(target, inner) as Promise<unknown>);
        };
      }
      return value;
    },
  });
}

/**
 * A PGlite client (or one of its transactions) whose `query`, `exec` and `transaction` are spans while
 * a traced request runs. Methods are bound to the client: PGlite keeps private fields.
 */
export function tracedPgliteClient<C extends object>(client: C): C {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      const method = value as AnyFunction;
      if (property === "query" || property === "exec") {
        return (...args: unknown[]) =>
          recordingParent()
            ? eagerInSpan(startStatementSpan(String(args[0])), () => method.apply(target, args) as Promise<unknown>)
            : method.apply(target, args);
      }
      if (property === "transaction") {
        return (callback: (tx: object) => unknown) =>
          recordingParent()
            ? eagerInSpan(startTransactionSpan("transaction"), () => method.call(target, (tx: object) => callback(tracedPgliteClient(tx))) as Promise<unknown>)
            : method.call(target, callback);
      }
      return method.bind(target);
    },
  });
}
