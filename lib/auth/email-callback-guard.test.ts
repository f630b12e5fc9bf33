import { describe, expect, it } from "vitest";
import { ACKNOWLEDGE_FIELD, decideEmailCallback, type EmailCallbackRequest } from "./email-callback-guard";
import { browserValueFrom, generateBoundToken, isTokenBoundTo, withBrowserValue } from "./sign-in-binding";

const SECRET = "test-secret-for-sign-in-binding";
const APP = "https://registry.test";
const victimBrowser = browserValueFrom(undefined).value;
const attackerBrowser = browserValueFrom(undefined).value;

/** A link asked for in the attacker's own browser, to the attacker's own address. */
async function attackerLink() {
  const token = await withBrowserValue(attackerBrowser, async () => generateBoundToken(SECRET));
  return new URL(`${APP}/api/auth/callback/email?callbackUrl=${encodeURIComponent(`${APP}/studio`)}&token=${token}&email=mallory%40evil.example`);
}

function request(overrides: Partial<EmailCallbackRequest> & { url: URL }): EmailCallbackRequest {
  return {
    method: "POST",
    headers: new Headers({ "sec-fetch-site": "same-origin", origin: "null" }),
    bindingCookie: undefined,
    acknowledged: null,
    appOrigin: APP,
    secret: SECRET,
    ...overrides,
  };
}

describe("sign-in links bound to the browser that asked", () => {
  it("binds a token to the asking browser's value only", async () => {
    const token = await withBrowserValue(victimBrowser, async () => generateBoundToken(SECRET));
    expect(isTokenBoundTo(SECRET, token, victimBrowser)).toBe(true);
    expect(isTokenBoundTo(SECRET, token, attackerBrowser)).toBe(false);
    expect(isTokenBoundTo(SECRET, token, undefined)).toBe(false);
    expect(isTokenBoundTo("another-secret", token, victimBrowser)).toBe(false);
    const [random, mac] = token.split(".");
    // One character of the MAC changed, always to a different one (a fixed "A" would equal it one time in 64).
    const tampered = `${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`;
    expect(isTokenBoundTo(SECRET, `${random}.${tampered}`, victimBrowser)).toBe(false);
    expect(isTokenBoundTo(SECRET, `${random}x.${mac}`, victimBrowser)).toBe(false);
    // Outside a sign-in request there is no browser: the token binds to none.
    expect(isTokenBoundTo(SECRET, generateBoundToken(SECRET), victimBrowser)).toBe(false);
  });

  it("keeps a browser's value, and makes a new one for a missing or forged cookie", () => {
    expect(browserValueFrom(victimBrowser)).toEqual({ value: victimBrowser, fresh: false });
    for (const forged of [undefined, "", "short", `${victimBrowser};x`]) {
      const made = browserValueFrom(forged);
      expect(made.fresh).toBe(true);
      expect(made.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });
});

describe("the email callback (login CSRF)", () => {
  it("never signs in on GET, even in the browser the link was made for: it goes to the confirm page", async () => {
    const url = await attackerLink();
    for (const bindingCookie of [undefined, victimBrowser, attackerBrowser]) {
      const decision = decideEmailCallback(request({ method: "GET", url, bindingCookie }));
      expect(decision.kind).toBe("confirm");
      const location = new URL((decision as { location: string }).location, APP);
      expect(location.pathname).toBe("/signin/confirm");
      expect(location.searchParams.get("token")).toBe(url.searchParams.get("token"));
      expect(location.searchParams.get("email")).toBe("mallory@evil.example");
    }
  });

  it("refuses a post from another site, bound or not, acknowledged or not", async () => {
    const url = await attackerLink();
    for (const headers of [
      new Headers({ "sec-fetch-site": "cross-site", origin: "https://evil.example" }),
      new Headers({ "sec-fetch-site": "same-site" }),
      new Headers({ origin: "https://evil.example" }),
    ]) {
      for (const bindingCookie of [undefined, attackerBrowser]) {
        expect(decideEmailCallback(request({ url, headers, bindingCookie, acknowledged: "mallory@evil.example" })).kind).toBe("refuse");
      }
    }
  });

  it("in another browser, signs in only after the person saw and confirmed which account", async () => {
    const url = await attackerLink();
    expect(decideEmailCallback(request({ url, bindingCookie: victimBrowser })).kind).toBe("confirm");
    expect(decideEmailCallback(request({ url, bindingCookie: victimBrowser, acknowledged: "victim@example.com" })).kind).toBe("confirm");
    expect(decideEmailCallback(request({ url, bindingCookie: victimBrowser, acknowledged: "mallory@evil.example" })).kind).toBe("continue");
    expect(ACKNOWLEDGE_FIELD).toBe("acknowledge");
  });

  it("signs the asking browser in with one click from this site", async () => {
    const url = await attackerLink();
    expect(decideEmailCallback(request({ url, bindingCookie: attackerBrowser })).kind).toBe("continue");
    // A browser without Fetch Metadata: Origin alone decides, and `null` proves nothing.
    const oldBrowser = (origin: string) => new Headers({ origin });
    expect(decideEmailCallback(request({ url, bindingCookie: attackerBrowser, headers: oldBrowser(APP) })).kind).toBe("continue");
    expect(decideEmailCallback(request({ url, bindingCookie: attackerBrowser, headers: oldBrowser("null") })).kind).toBe("continue");
    expect(
      decideEmailCallback(request({ url, bindingCookie: victimBrowser, headers: oldBrowser("null"), acknowledged: "mallory@evil.example" })).kind,
    ).toBe("confirm");
  });
});
