import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret, signWebhook, webhookRequestHeaders, WEBHOOK_USER_AGENT } from "./signature";

// The reference library checks the timestamp against its own clock (5 minutes either way), so messages
// here are signed "now"; a fixed-date case pins the bytes against the specification's own example.
const body = JSON.stringify({ type: "inquiry.created", timestamp: "2026-03-01T10:00:00.000Z", providerSlug: "northwind", data: { inquiry: { id: "x" } } });
const msgId = "msg_01JNR3Q5Z7K8W9X0Y1Z2A3B4C5";

function verifyWith(secret: string, headers: Record<string, string>, payload: string | Buffer = body) {
  return new Webhook(secret).verify(payload, headers);
}

describe("generateWebhookSecret", () => {
  it("makes whsec_ + base64 of 32 random bytes, different every time", () => {
    const secrets = new Set(Array.from({ length: 50 }, generateWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    }
  });
});

describe("signWebhook", () => {
  it("verifies with the reference standardwebhooks library, which returns the parsed payload", () => {
    const secret = generateWebhookSecret();
    const headers = webhookRequestHeaders({ secrets: [secret], msgId, timestamp: new Date(), body });
    expect(verifyWith(secret, headers)).toEqual(JSON.parse(body));
  });

  it("matches the reference library's own signature byte for byte", () => {
    const secret = generateWebhookSecret();
    const timestamp = new Date("2026-03-01T10:00:00.987Z");
    expect(signWebhook({ secrets: [secret], msgId, timestamp, body })).toBe(new Webhook(secret).sign(msgId, timestamp, body));
  });

  it("reproduces the specification's example signature", () => {
    // The secret and message of the Standard Webhooks test vectors (libraries/javascript tests).
    const signature = signWebhook({
      secrets: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
      msgId: "msg_p5jXN8AQM9LWM0D4loKWxJek",
      timestamp: new Date(1614265330 * 1000),
      body: '{"test": 2432232314}',
    });
    expect(signature).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("sets every Standard Webhooks header, the timestamp in whole seconds", () => {
    const headers = webhookRequestHeaders({ secrets: [generateWebhookSecret()], msgId, timestamp: new Date("2026-03-01T10:00:00.987Z"), body });
    expect(Object.keys(headers).sort()).toEqual(["content-type", "user-agent", "webhook-id", "webhook-signature", "webhook-timestamp"]);
    expect(headers["webhook-id"]).toBe(msgId);
    expect(headers["webhook-timestamp"]).toBe(String(Date.UTC(2026, 2, 1, 10) / 1000));
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["user-agent"]).toBe(WEBHOOK_USER_AGENT);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it("during a rotation's overlap, carries both signatures and each secret verifies alone", () => {
    const previous = generateWebhookSecret();
    const current = generateWebhookSecret();
    const headers = webhookRequestHeaders({ secrets: [current, previous], msgId, timestamp: new Date(), body });
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(headers["webhook-signature"].split(" ")[0]).toBe(signWebhook({ secrets: [current], msgId, timestamp: new Date(), body }));
    expect(verifyWith(current, headers)).toEqual(JSON.parse(body));
    expect(verifyWith(previous, headers)).toEqual(JSON.parse(body));
  });

  it("after the overlap, only the new secret verifies", () => {
    const previous = generateWebhookSecret();
    const current = generateWebhookSecret();
    const headers = webhookRequestHeaders({ secrets: [current], msgId, timestamp: new Date(), body });
    expect(verifyWith(current, headers)).toEqual(JSON.parse(body));
    expect(() => verifyWith(previous, headers)).toThrow(WebhookVerificationError);
  });

  it("signs the exact bytes: a changed space, id or timestamp fails verification", () => {
    const secret = generateWebhookSecret();
    const timestamp = new Date();
    const headers = webhookRequestHeaders({ secrets: [secret], msgId, timestamp, body });
    expect(() => verifyWith(secret, headers, body.replace(":", ": "))).toThrow(WebhookVerificationError);
    expect(() => verifyWith(secret, { ...headers, "webhook-id": `${msgId}x` })).toThrow(WebhookVerificationError);
    expect(() => verifyWith(secret, { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 1) })).toThrow(
      WebhookVerificationError,
    );
  });

  it("signs bytes and the same text alike, including non-ASCII", () => {
    const secret = generateWebhookSecret();
    const text = JSON.stringify({ type: "listing.updated", data: { name: "Café Ørsted — 東京" } });
    const timestamp = new Date();
    const fromText = signWebhook({ secrets: [secret], msgId, timestamp, body: text });
    expect(signWebhook({ secrets: [secret], msgId, timestamp, body: new TextEncoder().encode(text) })).toBe(fromText);
    const headers = webhookRequestHeaders({ secrets: [secret], msgId, timestamp, body: Buffer.from(text, "utf8") });
    expect(verifyWith(secret, headers, Buffer.from(text, "utf8"))).toEqual(JSON.parse(text));
  });

  it("refuses an id with a '.', no secrets, a malformed secret and an invalid date, without echoing the secret", () => {
    const secret = generateWebhookSecret();
    const timestamp = new Date();
    expect(() => signWebhook({ secrets: [secret], msgId: "msg_1.2", timestamp, body })).toThrow(/'\.'/);
    expect(() => signWebhook({ secrets: [secret], msgId: "", timestamp, body })).toThrow(/webhook id/);
    expect(() => signWebhook({ secrets: [], msgId, timestamp, body })).toThrow(/at least one secret/);
    expect(() => signWebhook({ secrets: [secret], msgId, timestamp: new Date(Number.NaN), body })).toThrow(/not a valid date/);
    for (const bad of ["whsec_", "whsec_c2hvcnQ=", secret.slice(6), `whsec_${"A".repeat(43)}!`, `${secret}garbage`]) {
      let message = "";
      try {
        signWebhook({ secrets: [bad], msgId, timestamp, body });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/'whsec_' followed by base64 of 24 to 64 bytes/);
      const body64 = bad.replace(/^whsec_/, "");
      if (body64.length >= 8) expect(message).not.toContain(body64.slice(0, 8));
    }
  });
});
