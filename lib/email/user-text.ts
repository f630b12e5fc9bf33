// What an email may show of text someone typed (lib/email/layout.ts): bounded, without control
// or direction characters, and with nothing a mail client would turn into a link.

import { NOT_ONE_LINE_CLASS, WEB_ADDRESS_PARTS as P } from "@/lib/validation/text";

const INVISIBLE = new RegExp(`${NOT_ONE_LINE_CLASS}+`, "gu");
// Each pattern lets characters that show as nothing (P.invisible: "evil\u200B.example") stand next to
// the dots and the "://", and drops them with what it rewrites.
const I = P.invisible;
/** "scheme://" → "scheme[:]//"; every "://", whatever comes before it, since only the scheme could make it a link. */
const SCHEME_SEPARATOR = new RegExp(`${I}:${I}\\/${I}\\/`, "gu");
/** A dot between a name and a top-level domain → "[.]". */
const HOST_DOT = new RegExp(`(${P.beforeDot})${I}${P.dot}${I}(?=${P.topLevelDomain})`, "giu");
/** "www." → "www[.]". */
const WWW_DOT = new RegExp(`\\b(www)${I}${P.dot}`, "giu");
/** An IPv4 address ("192.0.2.1", "192.0.2.1:8080/login") → its last dot "[.]": "192.0.2[.]1". */
const IPV4_LAST_DOT = new RegExp(
  `(?<!\\p{N})(\\p{Nd}{1,3}(?:${I}${P.dot}${I}\\p{Nd}{1,3}){2})${I}${P.dot}${I}(\\p{Nd}{1,3})(?!\\p{N})`,
  "gu",
);

/**
 * Characters that show as nothing, wherever they stand ("evil.a\u200Devil" reads as "evil.aevil" in a
 * lenient mail client, which then links it). Dropped before the patterns look, so they see what a
 * reader and a client see; the one exception is the joiner inside an emoji sequence (a family, a flag),
 * which joins pictographs and never letters.
 */
const SHOWS_AS_NOTHING =
  /(?<!\p{Extended_Pictographic}\p{Emoji_Modifier}?\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})|(?<!\p{Emoji})\uFE0F|(?!\u200D|\uFE0F)\p{Default_Ignorable_Code_Point}/gu;

/** Writes web addresses the way security advisories do ("evil[.]example", "https[:]//"): readable, never linked. */
export function defangWebAddresses(text: string): string {
  return text
    .replace(SHOWS_AS_NOTHING, "")
    .replace(SCHEME_SEPARATOR, "[:]//")
    .replace(WWW_DOT, "$1[.]")
    .replace(HOST_DOT, "$1[.]")
    .replace(IPV4_LAST_DOT, "$1[.]$2");
}

function bounded(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}

/** One line: every run of control or direction characters and whitespace becomes one space. */
export function neutraliseLine(value: string, max: number): string {
  const line = value.replace(INVISIBLE, " ").replace(/\s+/gu, " ").trim();
  return defangWebAddresses(bounded(line, max));
}

/** Paragraphs (a reason): line breaks kept (CR LF as LF, at most one blank line in a row), each line neutralised. */
export function neutraliseParagraphs(value: string, max: number): string {
  const lines = bounded(value.replace(/\r\n?/g, "\n"), max)
    .split("\n")
    .map((line) => defangWebAddresses(line.replace(INVISIBLE, " ").replace(/\s+/gu, " ").trim()));
  return lines.join("\n").replace(/\n{3,}/g, "\n\n").trim();
}
