import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog } from "@/test/support/log-capture";
import { withEnv } from "@/test/support/env";
import { solvedToken, startTurnstileStandIn } from "@/test/support/turnstile-stand-in";
import { TURNSTILE_ACTIONS, type TurnstileAction } from "./turnstile-actions";
import { assertCaptcha } from "./verify-turnstile";

let siteverify: Awaited<ReturnType<typeof startTurnstileStandIn>>;
beforeAll(async () => {
  siteverify = await startTurnstileStandIn();
});
afterAll(() => siteverify.close());

const SECRET = "0x4AAAAAAAreal-looking-secret";
const check = (token: string, action: TurnstileAction = TURNSTILE_ACTIONS.apply, vars: Record<string, string> = {}) =>
  withEnv({ TURNSTILE_SECRET_KEY: SECRET, TURNSTILE_VERIFY_URL: siteverify.url, APP_URL: "https://registry.example", ...vars }, () =>
    assertCaptcha({ token, clientIp: "203.0.113.5", action }),
  );
const code = (promise: Promise<unknown>) => promise.then(() => "accepted", (error: { code?: string }) => error.code ?? String(error));

describe("Turnstile: where and for which form the token was solved", () => {
  it("accepts a token solved on APP_URL's host for this form, asking the configured siteverify", async () => {
    const before = siteverify.requests.length;
    expect(await code(check(solvedToken({ hostname: "registry.example", action: "apply" })))).toBe("accepted");
    expect(await code(check(solvedToken({ hostname: "registry.example", action: "inquiry" }), TURNSTILE_ACTIONS.inquiry))).toBe("accepted");
    expect(siteverify.requests.length).toBe(before + 2);
    expect(new URLSearchParams(siteverify.requests.at(-1)!.body).get("secret")).toBe(SECRET);
  });

  it("compares hostnames as URLs write them: case and APP_URL's port and path do not matter", async () => {
    expect(await code(check(solvedToken({ hostname: "Registry.Example", action: "apply" })))).toBe("accepted");
    expect(await code(check(solvedToken({ hostname: "registry.example", action: "apply" }), "apply", { APP_URL: "https://registry.example:8443/base" }))).toBe("accepted");
    expect(await code(check(solvedToken({ hostname: "bücher.example", action: "apply" }), "apply", { APP_URL: "https://xn--bcher-kva.example" }))).toBe("accepted");
  });

  it.each([
    ["another site", solvedToken({ hostname: "evil.example", action: "apply" })],
    ["a subdomain of ours", solvedToken({ hostname: "www.registry.example", action: "apply" })],
    ["a look-alike with our name as prefix", solvedToken({ hostname: "registry.example.evil.example", action: "apply" })],
    ["no hostname", solvedToken({ hostname: null, action: "apply" })],
    ["a hostname with a port or path smuggled in", solvedToken({ hostname: "registry.example/x", action: "apply" })],
  ])("refuses a token solved on %s with 400 CAPTCHA_FAILED, and logs why", async (_what, token) => {
    const { result, entries } = await captureLog(() => code(check(token)), "info");
    expect(result).toBe("CAPTCHA_FAILED");
    expect(entries).toContainEqual(expect.objectContaining({ event: "captcha.mismatch", expectedHostname: "registry.example" }));
  });

  it.each([
    ["the contact form's", solvedToken({ hostname: "registry.example", action: "inquiry" }), TURNSTILE_ACTIONS.apply],
    ["the apply form's", solvedToken({ hostname: "registry.example", action: "apply" }), TURNSTILE_ACTIONS.inquiry],
    ["no", solvedToken({ hostname: "registry.example", action: null }), TURNSTILE_ACTIONS.apply],
    ["an empty", solvedToken({ hostname: "registry.example", action: "" }), TURNSTILE_ACTIONS.apply],
  ])("refuses a token with %s action for another form with 400 CAPTCHA_FAILED", async (_what, token, action) => {
    expect(await code(check(token, action))).toBe("CAPTCHA_FAILED");
  });

  it("still refuses what siteverify rejects, whatever hostname and action it would name", async () => {
    expect(await code(check("rejected-by-siteverify"))).toBe("CAPTCHA_FAILED");
  });

  it("checks neither with one of Cloudflare's test secret keys, which answer example.com for any token", async () => {
    for (const secret of ["1x0000000000000000000000000000000AA", "2x0000000000000000000000000000000AA", "3x0000000000000000000000000000000AA"]) {
      expect(await code(check(solvedToken({ hostname: "example.com", action: "" }), "apply", { TURNSTILE_SECRET_KEY: secret })), secret).toBe("accepted");
    }
    // A real-looking key that merely starts like one is checked.
    expect(await code(check(solvedToken({ hostname: "example.com", action: "" }), "apply", { TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AAB" }))).toBe("CAPTCHA_FAILED");
  });
});
