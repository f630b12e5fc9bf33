import type { ServerResponse } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { fakeResolver, startReceiver, type Receiver } from "@/test/support/webhook-receiver";
import { deliverWebhook, MAX_RESPONSE_BYTES, type DeliverWebhookParams } from "./deliver";

// The attempt's bounds: 64 KB of response at most, one deadline over every phase.

const receivers: Receiver[] = [];
async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const send = (params: Partial<DeliverWebhookParams> & Pick<DeliverWebhookParams, "url">) =>
  deliverWebhook({ headers: { "content-type": "application/json" }, body: "{}", allowLoopback: true, ...params });

/** Streams `total` bytes in 16 KB chunks, as fast as the client reads; records how many were written when the client hung up. */
function streamBytes(total: number, seen: { written: number; closedEarly: boolean }, chunked = true) {
  return (_req: unknown, res: ServerResponse) => {
    res.writeHead(200, chunked ? {} : { "content-length": String(total) });
    const chunk = Buffer.alloc(16 * 1024, "a");
    res.on("close", () => (seen.closedEarly = !res.writableFinished));
    const pump = () => {
      while (seen.written < total) {
        seen.written += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  };
}

describe("deliverWebhook: the 64 KB response limit", () => {
  it("cuts a streamed response past 64 KB: RESPONSE_TOO_LARGE, status kept, the receiver cut off", async () => {
    const seen = { written: 0, closedEarly: false };
    const target = await receiver(streamBytes(8 * 1024 * 1024, seen));
    const result = await send({ url: `http://127.0.0.1:${target.port}/` });
    expect(result).toMatchObject({ error: "RESPONSE_TOO_LARGE", statusCode: 200 });
    expect(result.responseExcerpt).toBe("a".repeat(1024));
    await expect.poll(() => seen.closedEarly).toBe(true);
    expect(seen.written).toBeLessThan(8 * 1024 * 1024);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    // Declares 10 MB, sends 1 KB and stalls: only the declaration can end this before the deadline.
    const target = await receiver((_req, res) => {
      res.writeHead(200, { "content-length": String(10 * 1024 * 1024) });
      res.write(Buffer.alloc(1024, "c"));
    });
    const result = await send({ url: `http://127.0.0.1:${target.port}/`, timeoutMs: 5000 });
    expect(result).toMatchObject({ error: "RESPONSE_TOO_LARGE", statusCode: 200, responseExcerpt: "" });
  });

  it("reads exactly 64 KB whole, and one byte more is too large", async () => {
    const exact = await receiver((_req, res) => res.writeHead(200).end(Buffer.alloc(MAX_RESPONSE_BYTES, "b")));
    expect(await send({ url: `http://127.0.0.1:${exact.port}/` })).toMatchObject({ error: null, statusCode: 200 });
    const over = await receiver((_req, res) => {
      res.writeHead(200);
      res.write(Buffer.alloc(MAX_RESPONSE_BYTES, "b"));
      res.end("b");
    });
    expect(await send({ url: `http://127.0.0.1:${over.port}/` })).toMatchObject({ error: "RESPONSE_TOO_LARGE" });
  });

  it("treats response headers too large to parse as RESPONSE_TOO_LARGE", async () => {
    const target = await receiver((_req, res) => res.writeHead(200, { "x-filler": "f".repeat(64 * 1024) }).end());
    expect(await send({ url: `http://127.0.0.1:${target.port}/` })).toMatchObject({ error: "RESPONSE_TOO_LARGE", errorDetail: "HPE_HEADER_OVERFLOW" });
  });
});

// Deadlines of a few seconds: long enough that a machine busy with other work still reaches the phase
// under test before they fire; without a deadline each of these would hang until vitest's 30 s.
describe("deliverWebhook: one deadline for the whole attempt", () => {
  it("times out a receiver that never answers, at the deadline", async () => {
    const target = await receiver(() => {}); // reads the request, never replies
    const result = await send({ url: `http://127.0.0.1:${target.port}/`, timeoutMs: 2500 });
    expect(result).toMatchObject({ error: "TIMEOUT", errorDetail: "RESPONSE", statusCode: null, responseExcerpt: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(2490);
    expect(result.durationMs).toBeLessThan(10_000); // at the deadline, give or take a busy machine (without one: 30 s, the test's own limit)
    expect(target.requests).toHaveLength(1);
  });

  it("times out a receiver that answers and then trickles its body, keeping the status and the text so far", async () => {
    const target = await receiver((_req, res) => {
      res.writeHead(200);
      res.write("first bytes");
      const timer = setInterval(() => res.write("."), 100);
      res.on("close", () => clearInterval(timer));
    });
    // Long enough for the headers to arrive even on a busy machine; the body never ends.
    const result = await send({ url: `http://127.0.0.1:${target.port}/`, timeoutMs: 2000 });
    expect(result).toMatchObject({ error: "TIMEOUT", errorDetail: "RESPONSE", statusCode: 200 });
    expect(result.responseExcerpt).toMatch(/^first bytes\.*$/); // dots as far as a busy machine delivered them
    expect(result.durationMs).toBeLessThan(10_000); // at the deadline, give or take a busy machine (without one: 30 s, the test's own limit)
  });

  it("counts resolving inside the deadline", async () => {
    const hanging = fakeResolver(() => new Promise<string[]>(() => {}));
    const result = await send({ url: "https://slow-dns.example.com/", resolver: hanging, timeoutMs: 200 });
    expect(result).toMatchObject({ error: "TIMEOUT", errorDetail: "RESOLVE" });
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
  });

  it("times out a TLS handshake that never completes", async () => {
    const silent = createServer((socket) => socket.on("error", () => {}).resume()); // reads, never says a word
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const result = await send({
        url: `https://webhooks.test:${(silent.address() as AddressInfo).port}/`,
        resolver: fakeResolver(() => ["127.0.0.1"]),
        timeoutMs: 2500,
      });
      expect(result).toMatchObject({ error: "TIMEOUT", errorDetail: "TLS" });
    } finally {
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
