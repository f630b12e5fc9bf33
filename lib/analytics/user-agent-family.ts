// The browser family and major version of a user agent: what the visitor key takes from it, so a
// browser's minor updates do not make a new visitor, and nothing finer than that is used.

const FAMILIES: readonly [family: string, pattern: RegExp][] = [
  ["edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["opera", /\bOPR\/(\d+)/],
  ["samsung", /\bSamsungBrowser\/(\d+)/],
  ["firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["chrome", /\b(?:Chrome|CriOS)\/(\d+)/],
  ["safari", /\bVersion\/(\d+).*\bSafari\//],
];

export function userAgentFamily(userAgent: string): { family: string; major: string } {
  for (const [family, pattern] of FAMILIES) {
    const match = pattern.exec(userAgent);
    if (match) return { family, major: match[1]! };
  }
  return { family: "other", major: "" };
}
