import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "@/db/enums";
import { RETRY_DELAYS_SECONDS } from "@/lib/webhooks/retry-schedule";
import WebhooksDocsPage from "./page";

const html = renderToStaticMarkup(createElement(WebhooksDocsPage));

describe("webhooks page of the API reference", () => {
  it("describes every event type with an example envelope", () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      expect(html, type).toContain(`id="event-${type}"`);
      expect(html).toContain(`&quot;type&quot;: &quot;${type}&quot;`);
    }
  });

  it("lists one row per attempt of the retry schedule, and says order is not guaranteed", () => {
    expect(html.match(/<tr><td>\d+<\/td>/g)).toHaveLength(RETRY_DELAYS_SECONDS.length);
    expect(html).toContain("24 hours after attempt 9");
    expect(html).toMatch(/Order is not guaranteed/);
    expect(html).toMatch(/deduplicate by <code>webhook-id<\/code>/);
  });

  it("shows a verification example with the standardwebhooks library", () => {
    expect(html).toContain("import { Webhook } from &quot;standardwebhooks&quot;");
    expect(html).toContain("webhook.verify(body");
  });
});
