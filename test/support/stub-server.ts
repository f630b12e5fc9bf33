import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StubRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** What the stub answers: a status with a JSON body, or "hang" to never answer. */
export type StubReply = { status: number; json: unknown } | "hang";

/** A local HTTP stand-in for a third-party service (Turnstile, Resend), on 127.0.0.1 and a free port. */
export async function startStubServer(respond: (req: StubRequest, index: number) => StubReply | Promise<StubReply>) {
  const requests: StubRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const entry = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString() };
      requests.push(entry);
      const out = await respond(entry, requests.length - 1);
      if (out === "hang") return;
      res.writeHead(out.status, { "content-type": "application/json" });
      res.end(JSON.stringify(out.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A stand-in for the Resend API answering with `replies` in turn (the last one repeats). */
export async function startResendStandIn(replies: ({ status: number; body: unknown } | "hang")[]) {
  const statuses: (number | "hang")[] = [];
  const stub = await startStubServer((_req, index) => {
    const reply = replies[Math.min(index, replies.length - 1)]!;
    statuses.push(reply === "hang" ? "hang" : reply.status);
    return reply === "hang" ? "hang" : { status: reply.status, json: reply.body };
  });
  return {
    url: stub.url,
    close: stub.close,
    /** Each request seen: headers, parsed JSON body and the status it was answered with. */
    get seen() {
      return stub.requests.map((r, i) => ({
        headers: r.headers,
        body: JSON.parse(r.body) as Record<string, unknown>,
        status: statuses[i]!,
      }));
    },
  };
}
