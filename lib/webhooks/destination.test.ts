import { describe, expect, it } from "vitest";
import { isAllowedDestinationAddress, resolveDestination, validateWebhookUrl, type ResolvedAddress, type WebhookResolver } from "./destination";

const answers =
  (...addresses: string[]): WebhookResolver =>
  async () =>
    addresses.map((address): ResolvedAddress => ({ address, family: address.includes(":") ? 6 : 4 }));

describe("validateWebhookUrl", () => {
  it.each([
    "https://hooks.example.com/provider-registry",
    "https://hooks.example.com:8443/in?source=registry",
    "https://93.184.216.34/hook",
    "https://[2606:4700:4700::1111]/hook",
    "https://bücher.example/hook",
    "https://example.com./hook",
  ])("accepts %s", (url) => {
    const check = validateWebhookUrl(url);
    expect(check.ok).toBe(true);
  });

  it.each([
    ["https://[::ffff:127.0.0.1]/", "HOST_NOT_PUBLIC"],
    ["https://2130706433/", "HOST_NOT_PUBLIC"],
    ["https://0x7f.1/", "HOST_NOT_PUBLIC"],
    ["https://0177.0.0.1/", "HOST_NOT_PUBLIC"],
    ["https://127.1/", "HOST_NOT_PUBLIC"],
    ["https://localhost/", "HOST_NOT_PUBLIC"],
    ["https://localhost./", "HOST_NOT_PUBLIC"],
    ["https://api.localhost/", "HOST_NOT_PUBLIC"],
    ["https://169.254.169.254/latest/meta-data/", "HOST_NOT_PUBLIC"],
    ["https://metadata.google.internal/", "HOST_NOT_PUBLIC"],
    ["https://10.0.0.1/", "HOST_NOT_PUBLIC"],
    ["https://100.64.0.1/", "HOST_NOT_PUBLIC"],
    ["https://[fd00::1]/", "HOST_NOT_PUBLIC"],
    ["https://[fe80::1]/", "HOST_NOT_PUBLIC"],
    ["https://[::]/", "HOST_NOT_PUBLIC"],
    ["https://0.0.0.0/", "HOST_NOT_PUBLIC"],
    ["https://intranet/", "HOST_NOT_PUBLIC"],
    ["https://printer.local/", "HOST_NOT_PUBLIC"],
    ["http://hooks.example.com/", "SCHEME"],
    ["ftp://hooks.example.com/", "SCHEME"],
    ["javascript:alert(1)", "SCHEME"],
    ["file:///etc/passwd", "SCHEME"],
    ["https://user:pass@hooks.example.com/", "CREDENTIALS"],
    ["https://user@hooks.example.com/", "CREDENTIALS"],
    ["https://hooks.example.com/#section", "FRAGMENT"],
    ["https://hooks.example.com/#", "FRAGMENT"],
    ["not a url", "INVALID_URL"],
    ["/relative/path", "INVALID_URL"],
    [`https://hooks.example.com/${"a".repeat(2030)}`, "TOO_LONG"],
  ])("refuses %s (%s) at creation", (url, problem) => {
    const check = validateWebhookUrl(url);
    expect(check).toMatchObject({ ok: false, problem });
    if (!check.ok) expect(check.message).toMatch(/^Webhook URLs|^Enter a full web address/);
  });

  it("accepts exactly 2048 characters", () => {
    const base = "https://hooks.example.com/";
    expect(validateWebhookUrl(base + "a".repeat(2048 - base.length)).ok).toBe(true);
    expect(validateWebhookUrl(base + "a".repeat(2049 - base.length))).toMatchObject({ problem: "TOO_LONG" });
  });

  it("allows plain http to public hosts only with allowHttp, and never to private ones", () => {
    expect(validateWebhookUrl("http://hooks.example.com/", { allowHttp: true }).ok).toBe(true);
    expect(validateWebhookUrl("http://10.0.0.1/", { allowHttp: true })).toMatchObject({ problem: "HOST_NOT_PUBLIC" });
    expect(validateWebhookUrl("http://localhost:4000/", { allowHttp: true })).toMatchObject({ problem: "HOST_NOT_PUBLIC" });
  });

  it("with the loopback switch, allows loopback hosts over http or https, and nothing else private", () => {
    const loopback = { allowLoopback: true };
    for (const url of ["http://127.0.0.1:4000/hook", "http://127.9.9.9/", "http://[::1]:4000/", "http://localhost:4000/", "https://api.localhost/", "https://127.0.0.1/"]) {
      expect(validateWebhookUrl(url, loopback)).toMatchObject({ ok: true });
    }
    for (const url of ["http://10.0.0.1/", "http://192.168.1.1/", "http://169.254.169.254/", "http://0.0.0.0:4000/", "http://[::ffff:127.0.0.1]/", "http://[fd00::1]/", "http://intranet/"]) {
      expect(validateWebhookUrl(url, loopback)).toMatchObject({ ok: false });
    }
    // The switch does not open plain http to the rest of the world.
    expect(validateWebhookUrl("http://hooks.example.com/", loopback)).toMatchObject({ problem: "SCHEME" });
  });
});

describe("isAllowedDestinationAddress", () => {
  it("permits public addresses, and loopback ones only under the switch", () => {
    expect(isAllowedDestinationAddress("93.184.216.34")).toBe(true);
    expect(isAllowedDestinationAddress("127.0.0.1")).toBe(false);
    expect(isAllowedDestinationAddress("127.0.0.1", { allowLoopback: true })).toBe(true);
    expect(isAllowedDestinationAddress("::1", { allowLoopback: true })).toBe(true);
    for (const ip of ["10.0.0.1", "169.254.169.254", "0.0.0.0", "::", "::ffff:127.0.0.1", "fe80::1", "100.64.0.1"]) {
      expect(isAllowedDestinationAddress(ip, { allowLoopback: true })).toBe(false);
    }
  });
});

describe("resolveDestination", () => {
  const url = new URL("https://hooks.example.com/in");

  it("passes when every address is public, and returns them all", async () => {
    const check = await resolveDestination(url, { resolver: answers("93.184.216.34", "2606:4700:4700::1111") });
    expect(check).toEqual({
      ok: true,
      addresses: [
        { address: "93.184.216.34", family: 4 },
        { address: "2606:4700:4700::1111", family: 6 },
      ],
    });
  });

  it.each([["127.0.0.1"], ["10.0.0.7"], ["169.254.169.254"], ["::ffff:127.0.0.1"], ["fd00::1"], ["0.0.0.0"]])(
    "refuses when ANY address is not public (%s among public ones), naming no address",
    async (bad) => {
      const check = await resolveDestination(url, { resolver: answers("93.184.216.34", bad) });
      expect(check).toEqual({ ok: false, error: "DESTINATION_NOT_PUBLIC", detail: "ADDRESS_NOT_PUBLIC" });
    },
  );

  it("reports DNS when the name does not resolve or resolves to nothing", async () => {
    const missing: WebhookResolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await resolveDestination(url, { resolver: missing })).toEqual({ ok: false, error: "DNS", detail: "ENOTFOUND" });
    expect(await resolveDestination(url, { resolver: answers() })).toEqual({ ok: false, error: "DNS", detail: "NO_ADDRESSES" });
  });

  it("checks an IP literal without asking the resolver", async () => {
    let asked = 0;
    const counting: WebhookResolver = async () => {
      asked += 1;
      return [];
    };
    expect(await resolveDestination(new URL("https://93.184.216.34/"), { resolver: counting })).toMatchObject({ ok: true });
    expect(await resolveDestination(new URL("https://[2606:4700:4700::1111]/"), { resolver: counting })).toMatchObject({
      ok: true,
      addresses: [{ address: "2606:4700:4700::1111", family: 6 }],
    });
    expect(await resolveDestination(new URL("http://127.0.0.1:4000/"), { resolver: counting })).toMatchObject({ error: "DESTINATION_NOT_PUBLIC" });
    expect(asked).toBe(0);
  });

  it("with the loopback switch, passes loopback answers but still refuses private ones", async () => {
    const loopbackUrl = new URL("http://localhost:4000/");
    expect(await resolveDestination(loopbackUrl, { allowLoopback: true, resolver: answers("127.0.0.1", "::1") })).toMatchObject({ ok: true });
    expect(await resolveDestination(loopbackUrl, { allowLoopback: true, resolver: answers("127.0.0.1", "192.168.0.2") })).toMatchObject({
      error: "DESTINATION_NOT_PUBLIC",
    });
  });
});
