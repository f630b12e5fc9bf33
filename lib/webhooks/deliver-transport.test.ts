import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { fakeResolver, startConnectProxy, startReceiver, TEST_TLS, type ConnectProxy, type Receiver } from "@/test/support/webhook-receiver";
import { deliverWebhook, type DeliverWebhookParams } from "./deliver";
import { generateWebhookSecret, webhookRequestHeaders } from "./signature";

// TLS to a pinned address, and the egress proxy. The receiver's certificate is a self-signed one for
// `webhooks.test` (test/support/webhook-tls), trusted only where a test passes it as `trustedCa`.

const secret = generateWebhookSecret();
const body = JSON.stringify({ type: "webhook.test", data: { webhookId: "wh_1" } });
const signed = () => webhookRequestHeaders({ secrets: [secret], msgId: "msg_transport", timestamp: new Date(), body });

const running: (Receiver | ConnectProxy)[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});
async function receiver(tls: boolean) {
  const started = await startReceiver((_req, res) => res.writeHead(200).end("ok"), { tls });
  running.push(started);
  return started;
}
async function proxy(options?: Parameters<typeof startConnectProxy>[0]) {
  const started = await startConnectProxy(options);
  running.push(started);
  return started;
}

const toLoopback = () => fakeResolver(() => ["127.0.0.1"]);
const send = (params: Partial<DeliverWebhookParams> & Pick<DeliverWebhookParams, "url">) =>
  deliverWebhook({ headers: signed(), body, allowLoopback: true, resolver: toLoopback(), ...params });

describe("deliverWebhook over TLS to a pinned address", () => {
  it("sends SNI and Host for the name while connecting to the checked address, and checks the certificate", async () => {
    const target = await receiver(true);
    const result = await send({ url: `https://webhooks.test:${target.port}/in`, trustedCa: TEST_TLS.cert });
    expect(result).toMatchObject({ error: null, statusCode: 200, responseExcerpt: "ok" });
    expect(target.handshakes).toEqual(["webhooks.test"]);
    const [request] = target.requests;
    expect(request).toMatchObject({ servername: "webhooks.test", url: "/in" });
    expect(request!.headers.host).toBe(`webhooks.test:${target.port}`);
    const asReceived = Object.fromEntries(Object.entries(request!.headers).map(([k, v]) => [k, String(v)]));
    expect(new Webhook(secret).verify(request!.body, asReceived)).toEqual(JSON.parse(body));
  });

  it("sends SNI without the final dot of a fully qualified name", async () => {
    const target = await receiver(true);
    const result = await send({ url: `https://webhooks.test.:${target.port}/`, trustedCa: TEST_TLS.cert });
    expect(result).toMatchObject({ error: null, statusCode: 200 });
    expect(target.handshakes).toEqual(["webhooks.test"]);
  });

  it("fails with TLS on a certificate nobody vouches for, before any request is sent", async () => {
    const target = await receiver(true);
    const result = await send({ url: `https://webhooks.test:${target.port}/` });
    expect(result).toMatchObject({ error: "TLS", errorDetail: "DEPTH_ZERO_SELF_SIGNED_CERT", statusCode: null });
    expect(target.handshakes).toEqual(["webhooks.test"]);
    expect(target.requests).toHaveLength(0);
  });

  it("fails with TLS when the certificate is for another name than the URL's", async () => {
    const target = await receiver(true);
    const result = await send({ url: `https://other.test:${target.port}/`, trustedCa: TEST_TLS.cert });
    expect(result).toMatchObject({ error: "TLS", errorDetail: "ERR_TLS_CERT_ALTNAME_INVALID" });
    expect(target.requests).toHaveLength(0);
  });

  it("fails with TLS when the server does not speak TLS", async () => {
    const plain = await receiver(false);
    const result = await send({ url: `https://webhooks.test:${plain.port}/` });
    expect(result).toMatchObject({ error: "TLS", statusCode: null });
  });
});

describe("deliverWebhook through an egress proxy", () => {
  it("tunnels to the checked ADDRESS, not the name, with Host for the name inside the tunnel", async () => {
    const egress = await proxy();
    const target = await receiver(false);
    const result = await send({ url: `http://hooks.localhost:${target.port}/in`, proxyUrl: egress.url });
    expect(result).toMatchObject({ error: null, statusCode: 200 });
    expect(egress.tunnels).toEqual([{ target: `127.0.0.1:${target.port}`, authorization: undefined }]);
    expect(target.requests[0]!.headers.host).toBe(`hooks.localhost:${target.port}`);
    expect(target.requests[0]!.body.toString()).toBe(body);
  });

  it("runs TLS end to end through the tunnel, SNI and certificate for the name", async () => {
    const egress = await proxy();
    const target = await receiver(true);
    const result = await send({ url: `https://webhooks.test:${target.port}/`, proxyUrl: egress.url, trustedCa: TEST_TLS.cert });
    expect(result).toMatchObject({ error: null, statusCode: 200 });
    expect(egress.tunnels.map((t) => t.target)).toEqual([`127.0.0.1:${target.port}`]);
    expect(target.requests[0]!.servername).toBe("webhooks.test");
  });

  it("brackets an IPv6 address in the CONNECT target", async () => {
    const egress = await proxy();
    const target = await startReceiver((_req, res) => res.writeHead(204).end(), { host: "::1" });
    running.push(target);
    const result = await send({ url: `http://hooks.localhost:${target.port}/`, proxyUrl: egress.url, resolver: fakeResolver(() => ["::1"]) });
    expect(result).toMatchObject({ error: null, statusCode: 204 });
    expect(egress.tunnels[0]!.target).toBe(`[::1]:${target.port}`);
  });

  it("sends the proxy's credentials as Basic Proxy-Authorization", async () => {
    const egress = await proxy();
    const target = await receiver(false);
    const withUser = egress.url.replace("http://", "http://egress:p%40ss@");
    expect(await send({ url: `http://127.0.0.1:${target.port}/`, proxyUrl: withUser })).toMatchObject({ statusCode: 200 });
    expect(egress.tunnels[0]!.authorization).toBe(`Basic ${Buffer.from("egress:p@ss").toString("base64")}`);
  });

  it("checks the destination before asking the proxy: a private answer never reaches it", async () => {
    const egress = await proxy();
    const result = await send({ url: "https://hooks.example.com/", proxyUrl: egress.url, resolver: fakeResolver(() => ["10.1.2.3"]) });
    expect(result).toMatchObject({ error: "DESTINATION_NOT_PUBLIC" });
    expect(egress.tunnels).toEqual([]);
  });

  it("reports CONNECTION when the proxy refuses the tunnel or cannot be reached", async () => {
    const refusing = await proxy({ refuse: 403 });
    const target = await receiver(false);
    expect(await send({ url: `http://127.0.0.1:${target.port}/`, proxyUrl: refusing.url })).toMatchObject({
      error: "CONNECTION",
      errorDetail: "PROXY_STATUS_403",
    });
    const gone = await proxy();
    const goneUrl = gone.url;
    await gone.close();
    running.splice(running.indexOf(gone), 1);
    expect(await send({ url: `http://127.0.0.1:${target.port}/`, proxyUrl: goneUrl })).toMatchObject({
      error: "CONNECTION",
      errorDetail: "PROXY_ECONNREFUSED",
    });
    expect(target.requests).toHaveLength(0);
  });
});
