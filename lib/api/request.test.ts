import { describe, expect, it } from "vitest";
import { withEnv } from "@/lib/testing/env";
import { clientIpFor, clientIpFromHeaders, requestIdFor } from "./request";

const req = (xff?: string) => new Request("http://localhost/", { headers: xff ? { "x-forwarded-for": xff } : {} });

describe("clientIpFor", () => {
  it("takes the address the server recorded when no proxy is trusted", async () => {
    await withEnv({ TRUSTED_PROXY_HOPS: "0" }, async () => {
      expect(clientIpFor(req("198.51.100.7"))).toBe("198.51.100.7");
      expect(clientIpFor(req())).toBeNull();
    });
  });

  it("takes the entry the outermost trusted proxy wrote, ignoring what the client claimed", async () => {
    await withEnv({ TRUSTED_PROXY_HOPS: "1" }, async () => {
      expect(clientIpFor(req("6.6.6.6, 198.51.100.7"))).toBe("198.51.100.7");
    });
    await withEnv({ TRUSTED_PROXY_HOPS: "2" }, async () => {
      expect(clientIpFor(req("6.6.6.6, 198.51.100.7, 10.0.0.2"))).toBe("198.51.100.7");
      expect(clientIpFor(req("198.51.100.7"))).toBe("198.51.100.7");
    });
  });
});

describe("clientIpFromHeaders", () => {
  it("applies the same trusted-hop rule to a bare Headers object", async () => {
    await withEnv({ TRUSTED_PROXY_HOPS: "1" }, async () => {
      expect(clientIpFromHeaders(new Headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.7" }))).toBe("198.51.100.7");
      expect(clientIpFromHeaders(new Headers())).toBeNull();
    });
  });
});

describe("requestIdFor", () => {
  it("echoes a well-formed id and replaces anything else", () => {
    const ok = new Request("http://localhost/", { headers: { "x-request-id": "abc.DEF_1:2-3" } });
    expect(requestIdFor(ok)).toBe("abc.DEF_1:2-3");
    const tooLong = new Request("http://localhost/", { headers: { "x-request-id": "a".repeat(129) } });
    expect(requestIdFor(tooLong)).not.toBe("a".repeat(129));
  });
});
