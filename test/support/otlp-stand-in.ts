import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for a tracing backend's OTLP/HTTP endpoint (POST /v1/traces): keeps every export
// it receives, byte for byte (protobuf or JSON), and answers 200. Used to see exactly what the app lets
// out of the process.

export interface OtlpExport {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
}

export async function startOtlpStandIn(port = 0) {
  const exports: OtlpExport[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      exports.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      const json = String(req.headers["content-type"] ?? "").includes("json");
      res.writeHead(200, { "content-type": json ? "application/json" : "application/x-protobuf" });
      res.end(json ? "{}" : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    exports,
    /** True when any export holds these bytes (a string as UTF-8, as both encodings carry strings). */
    received(needle: string | Buffer): boolean {
      const bytes = typeof needle === "string" ? Buffer.from(needle, "utf8") : needle;
      return exports.some((e) => e.body.includes(bytes));
    },
    /** The spans of the JSON exports (OTEL_EXPORTER_OTLP_PROTOCOL=http/json). */
    spans(): ExportedSpan[] {
      return exports.flatMap((e) => (String(e.headers["content-type"]).includes("json") ? spansOfJson(e.body.toString("utf8")) : []));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface JsonKeyValue {
  key: string;
  value: Record<string, unknown>;
}

function attributesOf(list: JsonKeyValue[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) {
    const [v] = Object.values(value);
    out[key] = v;
  }
  return out;
}

function spansOfJson(text: string): ExportedSpan[] {
  const body = JSON.parse(text) as {
    resourceSpans?: { scopeSpans?: { spans?: (Omit<ExportedSpan, "attributes" | "events"> & { attributes?: JsonKeyValue[]; events?: { name: string; attributes?: JsonKeyValue[] }[] })[] }[] }[];
  };
  return (body.resourceSpans ?? []).flatMap((r) =>
    (r.scopeSpans ?? []).flatMap((s) =>
      (s.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? "",
        name: span.name,
        attributes: attributesOf(span.attributes),
        events: (span.events ?? []).map((e) => ({ name: e.name, attributes: attributesOf(e.attributes) })),
      })),
    ),
  );
}
