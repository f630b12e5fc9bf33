import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { fakeResolver, startReceiver, type Receiver } from "@/test/support/webhook-receiver";
import { deliverWebhook, deliverySucceeded, type DeliverWebhookParams } from "./deliver";
import { resolveDestination, validateWebhookUrl } from "./destination";
import { generateWebhookSecret, webhookRequestHeaders } from "./signature";

// The SSRF matrix and the delivery contract, against real local receivers and a fake resolver. Names
// resolve only through the fake resolver (nothing here asks real DNS), so a request that arrives was
// sent to the address the attempt checked.

const secret = generateWebhookSecret();
const body = JSON.stringify({ type: "webhook.test", timestamp: "2026-03-01T10:00:00.000Z", providerSlug: "northwind", data: { webhookId: "wh_1", note: "Café — 東京" } });
const signed = () => webhookRequestHeaders({ secrets: [secret], msgId: "msg_01JNR3Q5Z7K8W9X0Y1Z2A3B4C5", timestamp: new Date(), body });

const receivers: Receiver[] = [];
async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const ok = (): Parameters<typeof startReceiver>[0] => (_req, res) => res.writeHead(204).end();
const loopbackOnly = (hostname: string) => fakeResolver((name) => (name === hostname ? ["127.0.0.1"] : []));
const send = (params: Partial<DeliverWebhookParams> & Pick<DeliverWebhookParams, "url">) => deliverWebhook({ headers: signed(), body, ...params });

describe("deliverWebhook: the SSRF matrix", () => {
  it("refuses a name that resolved public at creation and resolves to 127.0.0.1 at delivery: no connection is made", async () => {
    const target = await receiver(ok());
    const url = `http://rebind.example.com:${target.port}/hook`;
    const dns = fakeResolver((_name, nth) => (nth === 0 ? ["93.184.216.34"] : ["127.0.0.1"]));

    const atCreation = validateWebhookUrl(url, { allowHttp: true });
    expect(atCreation.ok).toBe(true);
    if (atCreation.ok) expect(await resolveDestination(atCreation.url, { allowHttp: true, resolver: dns })).toMatchObject({ ok: true });

    const result = await send({ url, allowHttp: true, allowLoopback: false, resolver: dns });
    expect(result).toMatchObject({ error: "DESTINATION_NOT_PUBLIC", statusCode: null, responseExcerpt: null });
    expect(target.connections).toBe(0);
    expect(target.requests).toHaveLength(0);
    expect(dns.asked).toEqual(["rebind.example.com", "rebind.example.com"]);
  });

  it("(the same receiver and answer DO get a connection under the loopback switch, so the check above is what stopped it)", async () => {
    const target = await receiver(ok());
    const result = await send({
      url: `http://rebind.example.com:${target.port}/hook`,
      allowHttp: true,
      allowLoopback: true,
      resolver: fakeResolver(() => ["127.0.0.1"]),
    });
    expect(result).toMatchObject({ error: null, statusCode: 204 });
    expect(target.requests).toHaveLength(1);
  });

  it.each([["10.0.0.5"], ["169.254.169.254"], ["::ffff:127.0.0.1"], ["0.0.0.0"], ["fd00::1"]])(
    "refuses when any answer is not public (127.0.0.1 + %s), even under the loopback switch",
    async (bad) => {
      const target = await receiver(ok());
      const result = await send({
        url: `http://mixed.example.com:${target.port}/`,
        allowHttp: true,
        allowLoopback: true,
        resolver: fakeResolver(() => ["127.0.0.1", bad]),
      });
      expect(result).toMatchObject({ error: "DESTINATION_NOT_PUBLIC", errorDetail: "ADDRESS_NOT_PUBLIC" });
      expect(target.connections).toBe(0);
    },
  );

  it.each(["https://[::ffff:127.0.0.1]/", "https://2130706433/", "https://0x7f.1/", "https://localhost/", "https://169.254.169.254/latest/meta-data/"])(
    "refuses %s at every attempt too, without resolving anything",
    async (url) => {
      const dns = fakeResolver(() => ["127.0.0.1"]);
      const result = await send({ url, resolver: dns });
      expect(result).toMatchObject({ error: "DESTINATION_NOT_PUBLIC", errorDetail: "URL_HOST_NOT_PUBLIC", statusCode: null });
      expect(dns.asked).toEqual([]);
    },
  );

  it("refuses plain http at delivery once http is no longer allowed", async () => {
    const target = await receiver(ok());
    const result = await send({ url: `http://hooks.example.com:${target.port}/`, resolver: fakeResolver(() => ["93.184.216.34"]) });
    expect(result).toMatchObject({ error: "DESTINATION_NOT_PUBLIC", errorDetail: "URL_SCHEME" });
  });

  it("does not follow a 302 to http://169.254.169.254/: the failure is REDIRECT with its status", async () => {
    const metadata = await receiver(ok()); // stands in for the redirect's target
    const target = await receiver((_req, res) => res.writeHead(302, { location: `http://169.254.169.254/latest/meta-data/` }).end("moved"));
    const dns = loopbackOnly("hooks.localhost");
    const result = await send({ url: `http://hooks.localhost:${target.port}/in`, allowLoopback: true, resolver: dns });
    expect(result).toMatchObject({ error: "REDIRECT", statusCode: 302, responseExcerpt: "moved" });
    expect(deliverySucceeded(result)).toBe(false);
    expect(target.requests).toHaveLength(1);
    expect(dns.asked).toEqual(["hooks.localhost"]);

    const toLocal = await receiver((_req, res) => res.writeHead(307, { location: `http://127.0.0.1:${metadata.port}/` }).end());
    expect(await send({ url: `http://hooks.localhost:${toLocal.port}/`, allowLoopback: true, resolver: dns })).toMatchObject({ error: "REDIRECT", statusCode: 307 });
    expect(metadata.connections).toBe(0);
  });

  it("connects to the address it checked: DNS is asked once per attempt, never again by the connection", async () => {
    const target = await receiver(ok());
    // A second answer would be private; `.invalid` would fail in real DNS. The request still arrives.
    const dns = fakeResolver((_name, nth) => (nth === 0 ? ["127.0.0.1"] : ["10.0.0.1"]));
    const result = await send({ url: `http://pinned.invalid:${target.port}/in?x=1`, allowHttp: true, allowLoopback: true, resolver: dns });
    expect(result).toMatchObject({ error: null, statusCode: 204 });
    expect(dns.asked).toEqual(["pinned.invalid"]);
    expect(target.requests[0]).toMatchObject({ method: "POST", url: "/in?x=1" });
    expect(target.requests[0]!.headers.host).toBe(`pinned.invalid:${target.port}`);
  });
});

describe("deliverWebhook: with the loopback switch, a local receiver", () => {
  it("receives the signed request, its body bytes exact, and verifies it with the reference library", async () => {
    const target = await receiver(ok());
    const headers = signed();
    const result = await deliverWebhook({ url: `http://hooks.localhost:${target.port}/in`, headers, body, allowLoopback: true, resolver: loopbackOnly("hooks.localhost") });
    expect(result).toMatchObject({ statusCode: 204, error: null, errorDetail: null, responseExcerpt: "", retryAfterSeconds: null });
    expect(deliverySucceeded(result)).toBe(true);
    const [request] = target.requests;
    expect(request!.body.equals(Buffer.from(body, "utf8"))).toBe(true);
    expect(request!.headers).toMatchObject({
      "webhook-id": headers["webhook-id"],
      "webhook-timestamp": headers["webhook-timestamp"],
      "webhook-signature": headers["webhook-signature"],
      "content-type": "application/json",
      "user-agent": "ProviderRegistry-Webhooks/1",
      "content-length": String(Buffer.byteLength(body)),
      host: `hooks.localhost:${target.port}`,
    });
    const asReceived = Object.fromEntries(Object.entries(request!.headers).map(([k, v]) => [k, String(v)]));
    expect(new Webhook(secret).verify(request!.body, asReceived)).toEqual(JSON.parse(body));
  });

  it("reaches 127.0.0.1 and [::1] literals without a resolver, and refuses 0.0.0.0", async () => {
    const v4 = await receiver(ok());
    const v6 = await receiver(ok(), { host: "::1" });
    expect(await send({ url: `http://127.0.0.1:${v4.port}/`, allowLoopback: true })).toMatchObject({ statusCode: 204 });
    expect(await send({ url: `http://[::1]:${v6.port}/`, allowLoopback: true })).toMatchObject({ statusCode: 204 });
    expect(v6.requests[0]!.headers.host).toBe(`[::1]:${v6.port}`);
    expect(await send({ url: `http://0.0.0.0:${v4.port}/`, allowLoopback: true })).toMatchObject({ error: "DESTINATION_NOT_PUBLIC" });
    expect(v4.requests).toHaveLength(1);
  });

  it("records a failing status with its text, and Retry-After only where it counts", async () => {
    const target = await receiver((req, res) => {
      const status = Number(req.url.slice(1));
      res.writeHead(status, { "retry-after": "120", "content-type": "text/plain" }).end(`status ${status}\u0000!`);
    });
    const at = (status: number) => send({ url: `http://127.0.0.1:${target.port}/${status}`, allowLoopback: true });
    const failed = await at(500);
    expect(failed).toMatchObject({ statusCode: 500, error: null, responseExcerpt: "status 500\uFFFD!", retryAfterSeconds: null });
    expect(deliverySucceeded(failed)).toBe(false);
    expect(await at(503)).toMatchObject({ statusCode: 503, retryAfterSeconds: 120 });
    expect(await at(429)).toMatchObject({ statusCode: 429, retryAfterSeconds: 120 });
    expect(await at(410)).toMatchObject({ statusCode: 410, error: null, retryAfterSeconds: null });
    expect(deliverySucceeded(await at(200))).toBe(true);
  });

  it("keeps at most 1 KB of the response as text", async () => {
    const target = await receiver((_req, res) => res.writeHead(200).end("é".repeat(2000)));
    const result = await send({ url: `http://127.0.0.1:${target.port}/`, allowLoopback: true });
    expect(result.responseExcerpt).toBe("é".repeat(512));
  });

  it("reports CONNECTION for a closed port and DNS for a name that does not resolve", async () => {
    const closed = await receiver(ok());
    const port = closed.port;
    await closed.close();
    receivers.splice(receivers.indexOf(closed), 1);
    expect(await send({ url: `http://127.0.0.1:${port}/`, allowLoopback: true })).toMatchObject({ error: "CONNECTION", errorDetail: "ECONNREFUSED", statusCode: null });
    expect(await send({ url: "https://nowhere.example.com/", resolver: fakeResolver(() => []) })).toMatchObject({ error: "DNS", errorDetail: "ENOTFOUND" });
  });
});
