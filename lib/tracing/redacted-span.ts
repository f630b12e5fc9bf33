import type { Attributes, AttributeValue } from "@opentelemetry/api";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-base";
import { redact } from "@/lib/config/redact";

// What leaves the process for the tracing backend passes the logs' rule (lib/config/redact.ts):
// Next.js names a request's span after its address (`GET /verify?token=…`) and records it as
// `http.target`, query string included; exception events quote messages. Every span is redacted on
// its way to the exporter, whatever made it (Next.js, the fetch instrumentation, our database spans),
// so no instrumentation added later can leak what this one rule hides.

/** Attributes that would carry a statement's parameter values, whoever sets them: never exported. */
const PARAMETER_ATTRIBUTE = /^(?:drizzle\.query\.params|db\.query\.parameter\.|db\.statement\.param)/;

function redactValue(value: AttributeValue | undefined): AttributeValue | undefined {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? redact(v) : v)) as AttributeValue;
  return value;
}

export function redactAttributes(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (!PARAMETER_ATTRIBUTE.test(key)) out[key] = redactValue(value);
  }
  return out;
}

/**
 * The span as the exporter should see it: name, attributes, events, links and status message
 * redacted. Everything else (ids, times, resource, scope) is the span's own, read through it.
 */
export function redactedSpan(span: ReadableSpan): ReadableSpan {
  return Object.create(span, {
    name: { value: redact(span.name), enumerable: true },
    attributes: { value: redactAttributes(span.attributes), enumerable: true },
    events: {
      value: span.events.map((event) => ({ ...event, name: redact(event.name), attributes: event.attributes && redactAttributes(event.attributes) })),
      enumerable: true,
    },
    links: { value: span.links.map((link) => ({ ...link, attributes: link.attributes && redactAttributes(link.attributes) })), enumerable: true },
    status: { value: span.status.message ? { ...span.status, message: redact(span.status.message) } : span.status, enumerable: true },
  }) as ReadableSpan;
}

/** An exporter that hands `inner` only redacted spans. */
export function redactingExporter(inner: SpanExporter): SpanExporter {
  return {
    export: (spans, resultCallback) => inner.export(spans.map(redactedSpan), resultCallback),
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
}
