// Family "edge paths": request targets a client types that a URL library would never send, raw over
// a socket (raw-http.ts) to a production server. A path whose percent-escapes do not decode is a
// 400 of ours (problem+json under /api, a plain page elsewhere) with the security headers, the
// request id and a log line, where Next.js answered a bare text/plain 500; a path with dot segments
// is classified as Next.js routes it (`/api/../signin` is the sign-in page: a page's methods, body
// rules, cross-site check and nonce), not as it was typed.
import { createFreshDatabase, secondsUntil, serverEnv, startServer, type RunningServer, type ThrowawayPostgres } from "./production-harness";
import { rawRequest, type RawAnswer, type RawRequest } from "./raw-http";
import type { Check } from "./report";

export interface EdgePathFigures {
  malformedProbes: number;
  malformedAnswered400: number;
  dotSegmentProbes: number;
  statuses: Record<string, number>;
}

const MALFORMED: { path: string; api: boolean }[] = [
  { path: "/api/%ff", api: true },
  { path: "/api/%zz", api: true },
  { path: "/api/%", api: true },
  { path: "/api/health/%c0%af", api: true },
  { path: "/api/public/studio/providers/%ed%a0%80?limit=1", api: true },
  { path: "/providers/%ff", api: false },
  { path: "/providers/%e2%82", api: false },
  { path: "/%ff", api: false },
];

function securityHeadersOf(answer: RawAnswer): string[] {
  const missing: string[] = [];
  const h = answer.headers;
  if (h["x-content-type-options"] !== "nosniff") missing.push("X-Content-Type-Options");
  if (h["x-frame-options"] !== "DENY") missing.push("X-Frame-Options");
  if (!(h["content-security-policy"] ?? "").includes("default-src 'self'")) missing.push("Content-Security-Policy");
  if (!/max-age=\d{7,}/.test(h["strict-transport-security"] ?? "")) missing.push("Strict-Transport-Security");
  return missing;
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function refusedLines(server: RunningServer, requestId: string): { event?: string; status?: number }[] {
  return server
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{") && l.includes(requestId))
    .map((l) => jsonOf(l) as { event?: string; requestId?: string; status?: number } | null)
    .filter((l) => l?.requestId === requestId && l.event === "request.refused") as { event?: string; status?: number }[];
}

export async function runEdgePaths(cluster: ThrowawayPostgres, port: number, check: Check): Promise<EdgePathFigures> {
  const url = await createFreshDatabase(cluster, "rel_edge");
  const server = await startServer(port, serverEnv(port, { DATABASE_URL: url, EMBEDDED_DATABASE: undefined }));
  const statuses: Record<string, number> = {};
  const send = async (method: string, path: string, options: Omit<RawRequest, "method" | "path" | "port"> = {}) => {
    const answer = await rawRequest({ ...options, method, path, port });
    statuses[`${method} ${path}`] = answer.status;
    return answer;
  };
  let answered400 = 0;
  try {
    for (const [i, { path, api }] of MALFORMED.entries()) {
      const requestId = `edge-${process.pid}-${i}`;
      const answer = await send("GET", path, { headers: { "x-request-id": requestId } });
      const type = answer.headers["content-type"] ?? "";
      let ok = answer.status === 400 && answer.headers["x-request-id"] === requestId;
      if (api) {
        const body = jsonOf(answer.body) as { code?: string; requestId?: string } | null;
        ok &&= type === "application/problem+json" && body?.code === "VALIDATION_FAILED" && body.requestId === requestId;
      } else {
        ok &&= type.startsWith("text/plain") && answer.body.includes(requestId);
      }
      const missing = securityHeadersOf(answer);
      await secondsUntil(async () => refusedLines(server, requestId).length > 0, 5_000, "request.refused").catch(() => 0);
      const logged = refusedLines(server, requestId).some((l) => l.status === 400);
      if (ok && missing.length === 0 && logged) answered400 += 1;
      check(
        `GET ${path}: 400 ${api ? "problem+json VALIDATION_FAILED" : "plain page"} with the request id, the security headers and a log line`,
        ok && missing.length === 0 && logged,
        `${answer.status} ${type} id=${answer.headers["x-request-id"]} missing=${missing.join(",")} logged=${logged} ${answer.body.slice(0, 120)}`,
      );
    }

    // Dot segments: what Next.js serves decides the rules.
    for (const path of ["/api/../signin", "/api/%2e%2e/signin"]) {
      const put = await send("PUT", path);
      check(`PUT ${path} (Next.js serves the sign-in page): 405 with a page's Allow`, put.status === 405 && put.headers.allow === "GET, HEAD, POST", `${put.status} allow=${put.headers.allow}`);
    }
    const page = await send("GET", "/api/../signin");
    const nonce = /'nonce-([^']+)'/.exec(page.headers["content-security-policy"] ?? "")?.[1];
    check(
      "GET /api/../signin: the page rendered with this answer's nonce on its scripts",
      page.status === 200 && Boolean(nonce) && page.body.includes(`nonce="${nonce}"`),
      `${page.status} nonce=${nonce} csp=${page.headers["content-security-policy"]?.slice(0, 120)}`,
    );
    const crossSite = await send("POST", "/api/../apply", {
      headers: { "next-action": "0".repeat(42), origin: "https://evil.example", "content-type": "text/plain;charset=UTF-8" },
      body: "[]",
    });
    check("a cross-site server action posted to /api/../apply: 403 from the guard", crossSite.status === 403, `${crossSite.status} ${crossSite.body.slice(0, 120)}`);
    const unsized = await send("POST", "/api/%2e%2e/apply", {
      headers: { "content-type": "text/plain;charset=UTF-8" },
      chunked: { chunks: 2, chunkBytes: 1024 },
    });
    check("a body of unknown length posted to /api/%2e%2e/apply: 411, as for any page", unsized.status === 411, `${unsized.status}`);
    const trace = await send("TRACE", "/providers/../api/health");
    check(
      "TRACE /providers/../api/health (Next.js routes /api/health): 405 problem+json",
      trace.status === 405 && trace.headers["content-type"] === "application/problem+json",
      `${trace.status} ${trace.headers["content-type"]}`,
    );
    const health = await send("GET", "/providers/%2e%2e/api/health");
    check("GET /providers/%2e%2e/api/health is still served (200)", health.status === 200, `${health.status}`);

    const fiveHundreds = Object.entries(statuses).filter(([, status]) => status >= 500);
    check("no probe answered 5xx", fiveHundreds.length === 0, JSON.stringify(fiveHundreds));
    return { malformedProbes: MALFORMED.length, malformedAnswered400: answered400, dotSegmentProbes: Object.keys(statuses).length - MALFORMED.length, statuses };
  } finally {
    await server.stop();
  }
}
