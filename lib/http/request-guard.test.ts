import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog } from "@/test/support/log-capture";
import { API_BODY_LIMIT_BYTES, PAGE_BODY_LIMIT_BYTES } from "./body-limits";
import { PEER_ADDRESS_HEADER, peerAddressFromHeaders } from "./peer-address";
import { guardRequest, SCRIPT_HASHES_HEADER } from "./request-guard";

// The guard in front of a stand-in for Next.js that reports what reached it: a real HTTP server and
// real requests, so methods Node.js's fetch refuses to send (TRACE) and bodies of any size are tried.

const HASHES = "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' 'sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB='";
let server: http.Server;
let port = 0;
const reached: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (guardRequest(req, res, { development: false })) return;
    reached.push({ ...req.headers });
    req.resume();
    req.on("end", () => {
      // A page from the cache carries its scripts' digests; any other answer carries none.
      if (req.url === "/cached-page") res.setHeader(SCRIPT_HASHES_HEADER, HASHES);
      res.setHeader("Content-Type", "text/plain");
      res.end("next.js");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer, chunked = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    // The guard may answer and close before a large body is sent: that is its job, not an error.
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    if (chunked) req.setHeader("transfer-encoding", "chunked");
    else if (body !== undefined && headers["content-length"] === undefined) req.setHeader("content-length", Buffer.byteLength(body));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const lastReached = () => reached.at(-1)!;
const nonceOf = (csp: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(csp ?? ""))?.[1];

describe("the request guard: methods", () => {
  it("answers a method nothing here supports with 405 and Allow: problem+json under /api, plain text for pages", async () => {
    // (CONNECT never reaches a request handler, Node.js gives it its own event; a method its parser
    // does not know, TRACK or FOO, is answered 400 by Node.js itself.)
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "LINK", "PURGE"]) {
      const api = await send(method, "/api/health");
      expect(api.status, `${method} /api/health`).toBe(405);
      expect(api.headers["content-type"]).toBe("application/problem+json");
      expect(JSON.parse(api.body)).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });
      expect(api.headers.allow).toContain("GET");
    }
    const page = await send("TRACE", "/providers");
    expect(page.status).toBe(405);
    expect(page.headers["content-type"]).toMatch(/^text\/plain/);
    expect(page.headers.allow).toBe("GET, HEAD, POST");
  });

  it("answers PUT, PATCH, DELETE and OPTIONS on a page with 405, and passes them on under /api", async () => {
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect((await send(method, "/signin")).status, `${method} /signin`).toBe(405);
      expect((await send(method, "/api/provider/studio/listing")).body, `${method} /api`).toBe("next.js");
    }
  });

  it("routes like Next.js: `//api/…` is the API", async () => {
    const response = await send("TRACE", "//api/health?x=1");
    expect(response.headers["content-type"]).toBe("application/problem+json");
  });
});

describe("the request guard: the path Next.js will route", () => {
  /** The log lines written while `run` runs (at the default level, info). */
  const logLines = async (run: () => Promise<void>) => (await captureLog(run, "info")).entries;

  it("answers a path whose escapes do not decode with 400 problem+json under /api: request id, security headers, a log line", async () => {
    for (const path of ["/api/%ff", "/api/%zz", "/api/%", "/api/health/%c0%af", "/api/public/studio/providers/%ed%a0%80?limit=1", "/api/x/%2e%2e/%ff"]) {
      const before = reached.length;
      let response: Answer | undefined;
      const lines = await logLines(async () => {
        response = await send("GET", path, { "x-request-id": "malformed-api-1" });
      });
      expect(response!.status, path).toBe(400);
      expect(response!.headers["content-type"], path).toBe("application/problem+json");
      expect(JSON.parse(response!.body), path).toMatchObject({ status: 400, code: "VALIDATION_FAILED", requestId: "malformed-api-1" });
      expect(response!.headers["x-request-id"], path).toBe("malformed-api-1");
      expect(response!.headers["x-content-type-options"], path).toBe("nosniff");
      expect(response!.headers["content-security-policy"], path).toContain("default-src 'self'");
      expect(response!.headers["cache-control"], path).toBe("no-store");
      expect(lines, path).toContainEqual(
        expect.objectContaining({ event: "request.refused", requestId: "malformed-api-1", status: 400, code: "VALIDATION_FAILED", path }),
      );
      expect(reached.length, `${path} reached Next.js`).toBe(before);
    }
  });

  it("answers a page path whose escapes do not decode with a plain 400 page: request id, security headers, a log line", async () => {
    for (const path of ["/providers/%ff", "/providers/%e2%82", "/%ff", "/signin/%zz"]) {
      const before = reached.length;
      let response: Answer | undefined;
      const lines = await logLines(async () => {
        response = await send("GET", path);
      });
      expect(response!.status, path).toBe(400);
      expect(response!.headers["content-type"], path).toBe("text/plain; charset=utf-8");
      expect(response!.body, path).toMatch(/^Bad request\. .*percent-escape/);
      const requestId = response!.headers["x-request-id"];
      expect(requestId, path).toMatch(/^[0-9a-f-]{36}$/);
      expect(response!.body, path).toContain(`Request id: ${requestId}`);
      expect(response!.headers["x-frame-options"], path).toBe("DENY");
      expect(lines, path).toContainEqual(expect.objectContaining({ event: "request.refused", requestId, status: 400 }));
      expect(reached.length, `${path} reached Next.js`).toBe(before);
    }
    const head = await send("HEAD", "/providers/%ff");
    expect([head.status, head.body]).toEqual([400, ""]);
  });

  it("passes on escapes that decode, and queries whatever they hold (their fields are validated where they are read)", async () => {
    for (const path of ["/api/%41", "/providers/%C3%A9t%C3%A9", "/providers?q=%ff", "/api/public/studio/providers?q=%", "/api/%ff/../health"]) {
      expect((await send("GET", path)).body, path).toBe("next.js");
    }
  });

  it("classifies a path by its dot segments resolved, as Next.js routes it: page rules for pages reached through /api/..", async () => {
    // Next.js serves /providers for these: a page, so a page's methods, body rules and nonce.
    for (const path of ["/api/../providers", "/api/%2e%2e/providers", "/api/./../signin"]) {
      const put = await send("PUT", path);
      expect(put.status, `PUT ${path}`).toBe(405);
      expect(put.headers.allow, `PUT ${path}`).toBe("GET, HEAD, POST");
      await send("GET", path);
      expect(nonceOf(lastReached()["content-security-policy"] as string), `GET ${path} carries a nonce`).toBeTruthy();
    }
    const chunked = await send("POST", "/api/../studio/listing", { "content-type": "text/plain" }, "x".repeat(10), true);
    expect(chunked.status).toBe(411);
    const crossSite = await send(
      "POST",
      "/api/%2e%2e/studio/listing",
      { "next-action": "abc123", origin: "https://evil.example", "content-type": "text/plain;charset=UTF-8" },
      "[]",
    );
    expect(crossSite.status).toBe(403);
  });

  it("classifies a path that resolves under /api as the API", async () => {
    const trace = await send("TRACE", "/providers/../api/health");
    expect(trace.status).toBe(405);
    expect(trace.headers["content-type"]).toBe("application/problem+json");
    expect((await send("PUT", "/providers/%2e%2e/api/provider/studio/listing")).body).toBe("next.js");
    const unsized = await send("POST", "/x/../api/public/studio/providers/interest", { "content-type": "application/json" }, "{}", true);
    expect(unsized.body).toBe("next.js");
  });

  it("gives its other refusals a request id too", async () => {
    const page = await send("TRACE", "/providers", { "x-request-id": "trace-page-1" });
    expect(page.headers["x-request-id"]).toBe("trace-page-1");
  });
});

describe("the request guard: bodies", () => {
  it("refuses a declared body over the page limit with 413 before Next.js reads it", async () => {
    const before = reached.length;
    const response = await send("POST", "/studio/listing", { "content-length": String(PAGE_BODY_LIMIT_BYTES + 1) }, Buffer.alloc(1024));
    expect(response.status).toBe(413);
    expect(reached.length).toBe(before);
  });

  for (const connection of ["keep-alive", "close"]) {
    it(`answers a refused body so that a client still sending reads the answer, then stops reading (Connection: ${connection})`, async () => {
      const socket = net.connect(port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      let answer = "";
      socket.on("data", (d) => (answer += d.toString("latin1")));
      socket.on("error", () => {});
      const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
      socket.write(`POST /studio/listing HTTP/1.1\r\nhost: x\r\nconnection: ${connection}\r\ntransfer-encoding: chunked\r\n\r\n`);
      const started = Date.now();
      const chunk = Buffer.concat([Buffer.from("10000\r\n"), Buffer.alloc(0x10000, 97), Buffer.from("\r\n")]);
      // A client that ignores the answer and keeps sending until the server hangs up.
      const pump = () => {
        while (!socket.destroyed && socket.writable && socket.write(chunk));
        if (!socket.destroyed && socket.writable) socket.once("drain", pump);
      };
      pump();
      const at = await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 411/);
      expect(at - started).toBeLessThan(5000);
    });
  }

  it("refuses a body of unknown length posted to a page with 411", async () => {
    const response = await send("POST", "/studio/listing", { "content-type": "text/plain" }, "x".repeat(10), true);
    expect(response.status).toBe(411);
  });

  it("refuses a declared body over the API limit with 413 problem+json", async () => {
    const response = await send("POST", "/api/public/studio/providers/interest", { "content-length": String(API_BODY_LIMIT_BYTES + 1) }, "{");
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("passes bodies within the limits on", async () => {
    expect((await send("POST", "/studio/listing", {}, "x".repeat(1000))).body).toBe("next.js");
    expect((await send("POST", "/api/x", {}, "x".repeat(1000), true)).body).toBe("next.js");
  });
});

describe("the request guard: cross-site server actions", () => {
  const host = () => `127.0.0.1:${port}`;
  const action = (headers: Record<string, string>) =>
    send("POST", "/studio/listing", { "next-action": "abc123", "content-type": "text/plain;charset=UTF-8", ...headers }, "[]");

  it("answers 403, not Next.js's 500, for a foreign, null or unreadable Origin", async () => {
    for (const origin of ["https://evil.example", "null", "http://a b", `http://${host()}.evil.example`]) {
      const response = await action({ origin });
      expect(response.status, origin).toBe(403);
      expect(response.body).toMatch(/Cross-site/);
    }
    const multipart = await send("POST", "/apply", { origin: "https://evil.example", "content-type": "multipart/form-data; boundary=x" }, "--x--");
    expect(multipart.status).toBe(403);
  });

  it("passes same-origin actions, those without an Origin, and forms that are not actions", async () => {
    expect((await action({ origin: `http://${host()}` })).body).toBe("next.js");
    expect((await action({ origin: "https://public.example", "x-forwarded-host": "public.example" })).body).toBe("next.js");
    expect((await action({})).body).toBe("next.js");
    const form = await send("POST", "/verify/confirm", { origin: "null", "content-type": "application/x-www-form-urlencoded" }, "token=x");
    expect(form.body).toBe("next.js");
  });
});

describe("the request guard: what it tells the app", () => {
  it("stamps the socket's address, replacing any copy the client sent", async () => {
    await send("GET", "/api/health", { [PEER_ADDRESS_HEADER]: "203.0.113.1", "x-forwarded-for": "203.0.113.2" });
    const seen = new Headers(lastReached() as Record<string, string>);
    expect(peerAddressFromHeaders(seen)).toBe("127.0.0.1");
  });

  it("gives a page a fresh nonce in the request's policy header, and that nonce in the answer's policy", async () => {
    const first = await send("GET", "/signin", { "content-security-policy": "script-src 'nonce-chosen-by-client'" });
    const nonce = nonceOf(lastReached()["content-security-policy"] as string);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe("chosen-by-client");
    expect(nonceOf(first.headers["content-security-policy"])).toBe(nonce);
    await send("GET", "/signin");
    expect(nonceOf(lastReached()["content-security-policy"] as string)).not.toBe(nonce);
  });

  it("gives a cached page a policy with its scripts' digests instead, and never sends the digests header", async () => {
    const response = await send("GET", "/cached-page");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='");
    expect(csp).not.toContain("'nonce-");
    expect(response.headers[SCRIPT_HASHES_HEADER]).toBeUndefined();
  });

  it("never allows inline scripts by 'unsafe-inline', and allows only HTTPS images from elsewhere", async () => {
    for (const path of ["/signin", "/cached-page", "/api/health"]) {
      const csp = String((await send("GET", path)).headers["content-security-policy"]);
      const script = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
      expect(script, path).not.toContain("'unsafe-inline'");
      expect(script, path).not.toContain("'unsafe-eval'");
      const img = csp.split(";").find((d) => d.trim().startsWith("img-src"))!;
      expect(img, path).not.toMatch(/\bhttp:/);
    }
  });

  it("sends the security headers with its own refusals", async () => {
    const response = await send("TRACE", "/");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
  });
});
