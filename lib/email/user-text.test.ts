import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countKnob } from "@/test/reliability/database-dump";
import { defangWebAddresses, neutraliseLine, neutraliseParagraphs } from "./user-text";

const runs = { numRuns: countKnob("RELIABILITY_RUNS", 500) };

/**
 * The text as a lenient mail client might read it before looking for links: compatibility forms
 * folded (NFKC: "﹒" and "․" are "."), the ideographic dots a browser reads as ".", and characters that
 * show as nothing dropped.
 */
function asAClientReadsIt(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\p{Default_Ignorable_Code_Point}/gu, "")
    .replace(/[\u3002\uFF61]/g, ".");
}

/** What a linkifier would link in that reading: a scheme, "www.", a dotted host name or an IPv4 address. */
const LINKABLE = /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|[\p{L}\p{N}]\.\p{L}{2,63}(?![\p{L}\p{N}])|(?<!\d)\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?!\d)/iu;

describe("the email defanger: evasions", () => {
  it.each([
    ["an IPv4 address with a path", "log in at 192.0.2.1/login now", "log in at 192.0.2[.]1/login now"],
    ["an IPv4 address with a port and a path", "192.0.2.1:8080/admin", "192.0.2[.]1:8080/admin"],
    ["a bare IPv4 address", "server 203.0.113.77.", "server 203.0.113[.]77."],
    ["an IPv4 address after a scheme", "http://192.0.2.1/x", "http[:]//192.0.2[.]1/x"],
    ["a small full stop (U+FE52)", "evil\uFE52example/login", "evil[.]example/login"],
    ["a one dot leader (U+2024)", "evil\u2024example", "evil[.]example"],
    ["a zero-width space before a dot", "evil\u200B.example", "evil[.]example"],
    ["a zero-width space after a dot", "evil.\u200Bexample", "evil[.]example"],
    ["a zero-width joiner and a soft hyphen around a look-alike dot", "evil\u200D\u00AD\uFE52\u2060example", "evil[.]example"],
    ["a zero-width space inside www.", "www\u200B.evil", "www[.]evil"],
    ["a zero-width space inside ://", "https:\u200B//evil", "https[:]//evil"],
    ["look-alike dots in an IPv4 address", "192\u2024168\uFE521\u200B.1/x", "192\u2024168\uFE521[.]1/x"],
    ["full-width digits and dot in an IPv4 address", "１９２．０．２．１/x", "１９２．０．２[.]１/x"],
    ["a joiner inside the top-level domain (a one-letter domain until it is dropped)", "evil.a\u200Devil", "evil[.]aevil"],
    ["a variation selector inside the top-level domain", "evil.a\uFE0Fevil", "evil[.]aevil"],
  ])("defangs %s", (_what, typed, expected) => {
    expect(defangWebAddresses(typed)).toBe(expected);
    expect(asAClientReadsIt(defangWebAddresses(typed))).not.toMatch(LINKABLE);
    expect(asAClientReadsIt(typed)).toMatch(LINKABLE);
  });

  it("defangs them in names and reasons on their way into an email", () => {
    expect(neutraliseLine("Acme\u200B.io (10.0.0.1/admin)", 200)).toBe("Acme[.]io (10.0.0[.]1/admin)");
    expect(neutraliseParagraphs("See evil\uFE52example.\nOr 198.51.100.2/x", 1000)).toBe("See evil[.]example.\nOr 198.51.100[.]2/x");
  });

  it("keeps the joiners of emoji sequences, which join pictographs and never letters", () => {
    for (const text of ["Team 👨\u200D👩\u200D👧 and ❤\uFE0F", "👍🏽\u200D"]) {
      expect(defangWebAddresses(text), text).toBe(text.replace(/\u200D$/u, ""));
    }
  });

  it("leaves version numbers, prices and dates as they are", () => {
    for (const text of ["Version 1.2.3", "€1.250,00", "on 2026.11.25", "10.5 %", "Next.js 16"]) {
      expect(defangWebAddresses(text), text).toBe(text.replace("Next.js", "Next[.]js"));
    }
  });

  it("leaves nothing a lenient mail client would link, whatever the dots, digits and invisible characters", () => {
    const piece = fc.constantFrom(
      "evil", "example", "login", "www", "https", "ftp", "192", "0", "2", "10", "255", "ｅｖｉｌ", "１９２",
      ".", "\uFF0E", "\u3002", "\uFF61", "\uFE52", "\u2024",
      "\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF", "\u00AD",
      "://", ":", "/", "/login", " ", "-", "a",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const typed = pieces.join("");
        const shown = asAClientReadsIt(defangWebAddresses(typed));
        expect(shown, JSON.stringify(typed)).not.toMatch(LINKABLE);
      }),
      runs,
    );
  });
});
