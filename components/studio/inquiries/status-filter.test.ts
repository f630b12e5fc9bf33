import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inboxTotal, StatusFilter } from "./status-filter";

const counts = { NEW: 3, REPLIED: 1, ARCHIVED: 0, SPAM: 2 };
const html = (current?: "SPAM") => renderToStaticMarkup(createElement(StatusFilter, { current, counts }));
/** A link's text as a screen reader reads it: what is aria-hidden left out, tags stripped. */
const spoken = (link: string) =>
  link.replace(/<span aria-hidden="true">.*?<\/span>/g, "").replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");
const links = (markup: string) => [...markup.matchAll(/<a [^>]*>.*?<\/a>/g)].map((m) => m[0]);

describe("StatusFilter", () => {
  it("shows each tab's count, 'All' without spam", () => {
    expect(inboxTotal(counts)).toBe(4);
    const shown = links(html()).map((a) => a.replace(/<span class="[^"]*">.*?<\/span>/g, "").replace(/<[^>]+>/g, "").replace(/<!-- -->/g, ""));
    expect(shown).toEqual(["All (4)", "New (3)", "Replied (1)", "Archived (0)", "Spam (2)"]);
  });

  it("reads each tab as one phrase with its count in words, not as a parenthesis", () => {
    expect(links(html()).map(spoken)).toEqual([
      "All, 4 inquiries",
      "New, 3 inquiries",
      "Replied, 1 inquiry",
      "Archived, 0 inquiries",
      "Spam, 2 inquiries",
    ]);
  });

  it("keeps the tabs' addresses, and marks the current one", () => {
    const spam = links(html("SPAM"));
    expect(spam.map((a) => a.match(/href="([^"]*)"/)![1])).toEqual([
      "/studio/inquiries",
      "/studio/inquiries?status=NEW",
      "/studio/inquiries?status=REPLIED",
      "/studio/inquiries?status=ARCHIVED",
      "/studio/inquiries?status=SPAM",
    ]);
    expect(spam.filter((a) => a.includes('aria-current="page"'))).toHaveLength(1);
    expect(spam[4]).toContain('aria-current="page"');
  });
});
