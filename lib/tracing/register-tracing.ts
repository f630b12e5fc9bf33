import { BatchSpanProcessor, type SpanExporter, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { OTLPHttpJsonTraceExporter, OTLPHttpProtoTraceExporter, registerOTel } from "@vercel/otel";
import type { Env } from "@/lib/config/env";
import { currentRequestId } from "@/lib/config/request-context";
import { redactingExporter } from "./redacted-span";

// Tracing, when an OTLP endpoint is configured (docs/operations.md "Tracing"). The exporter is built
// here rather than by @vercel/otel's "auto" processors, so that every span reaches it redacted: with
// "auto" and an endpoint set, @vercel/otel adds an exporter of its own that no processor of ours can
// stand in front of.

/** Where spans are sent: the traces endpoint as given, or the general one with /v1/traces. */
export function otlpTracesUrl(e: Pick<Env, "OTEL_EXPORTER_OTLP_ENDPOINT" | "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT">): string | undefined {
  if (e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (e.OTEL_EXPORTER_OTLP_ENDPOINT) return `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces`;
  return undefined;
}

/** OpenTelemetry's header list, `name=value,name=value` with URL-encoded values. */
export function parseOtlpHeaders(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (text ?? "").split(",")) {
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const name = decodeURIComponent(pair.slice(0, at).trim());
    const value = decodeURIComponent(pair.slice(at + 1).trim());
    if (name && value) headers[name] = value;
  }
  return headers;
}

export function otlpTraceExporter(e: Env, url: string): SpanExporter {
  const headers = { ...parseOtlpHeaders(e.OTEL_EXPORTER_OTLP_HEADERS), ...parseOtlpHeaders(e.OTEL_EXPORTER_OTLP_TRACES_HEADERS) };
  const protocol = e.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? e.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf";
  return protocol === "http/json" ? new OTLPHttpJsonTraceExporter({ url, headers }) : new OTLPHttpProtoTraceExporter({ url, headers });
}

/** Each span started while serving a request carries its id (`request.id`), the one in its log lines and X-Request-Id. */
const requestIdOnSpans: SpanProcessor = {
  onStart(span) {
    const requestId = currentRequestId();
    if (requestId) span.setAttribute("request.id", requestId);
  },
  onEnd() {},
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

/**
 * Registers OpenTelemetry when an OTLP endpoint is set; answers where spans go, or undefined (then
 * nothing is registered and no span is ever recorded). `exporter` replaces the OTLP one (tests).
 */
export function registerTracing(e: Env, exporter?: SpanExporter): { url: string; protocol: string } | undefined {
  const url = otlpTracesUrl(e);
  if (!url) return undefined;
  registerOTel({
    serviceName: e.OTEL_SERVICE_NAME,
    spanProcessors: [requestIdOnSpans, new BatchSpanProcessor(redactingExporter(exporter ?? otlpTraceExporter(e, url)))],
  });
  return { url, protocol: e.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? e.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf" };
}
