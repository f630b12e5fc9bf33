// What an email may show of text someone typed (lib/email/templates.ts): bounded, without control
// or direction characters, and with nothing a mail client would turn into a link.

import { NOT_ONE_LINE_CLASS, WEB_ADDRESS_PARTS as P } from "@/lib/validation/text";

const INVISIBLE = new RegExp(`${NOT_ONE_LINE_CLASS}+`, "gu");
/** "scheme://" → "scheme[:]//"; a dot between a name and a top-level domain → "[.]"; "www." → "www[.]". */
const SCHEME = new RegExp(`(${P.scheme}):\\/\\/`, "giu");
const HOST_DOT = new RegExp(`(${P.beforeDot})${P.dot}(?=${P.topLevelDomain})`, "giu");
const WWW_DOT = new RegExp(`\\b(www)${P.dot}`, "giu");

/** Writes web addresses the way security advisories do ("evil[.]example", "https[:]//"): readable, never linked. */
export function defangWebAddresses(text: string): string {
  return text.replace(SCHEME, "$1[:]//").replace(WWW_DOT, "$1[.]").replace(HOST_DOT, "$1[.]");
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
