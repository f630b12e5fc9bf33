import { describe, expect, it } from "vitest";
import { parseEgressProxyUrl } from "./egress-proxy";

describe("parseEgressProxyUrl", () => {
  it("reads host, port and optional credentials of an http:// CONNECT proxy", () => {
    expect(parseEgressProxyUrl("http://egress.internal:3128")).toEqual({ host: "egress.internal", port: 3128 });
    expect(parseEgressProxyUrl("http://10.0.0.9")).toEqual({ host: "10.0.0.9", port: 80 });
    expect(parseEgressProxyUrl("http://[fd00::9]:4750/")).toEqual({ host: "fd00::9", port: 4750 });
    expect(parseEgressProxyUrl("http://user:p%40ss@egress:3128")).toEqual({
      host: "egress",
      port: 3128,
      authorization: `Basic ${Buffer.from("user:p@ss").toString("base64")}`,
    });
  });

  it("refuses what it does not support, without echoing a password", () => {
    expect(() => parseEgressProxyUrl("egress:3128")).toThrow(/must start with http:\/\//);
    expect(() => parseEgressProxyUrl("not a url")).toThrow(/not a URL/);
    expect(() => parseEgressProxyUrl("https://egress:3128")).toThrow(/must start with http:\/\/ .*not https:/);
    expect(() => parseEgressProxyUrl("socks5://egress:1080")).toThrow(/not socks5:/);
    expect(() => parseEgressProxyUrl("http://u:secret-pw@egress:3128/path")).toThrow(/only http:\/\/\[user:password@\]host:port/);
    try {
      parseEgressProxyUrl("https://u:secret-pw@egress:3128");
    } catch (error) {
      expect((error as Error).message).not.toContain("secret-pw");
    }
  });
});
