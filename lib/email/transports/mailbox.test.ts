import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { devMailbox } from "@/db/schema";
import { approvalEmail } from "@/lib/applications/emails";
import { createMailboxTransport, extractLinks } from "./mailbox";

describe("mailbox transport", () => {
  it("stores one mailbox row per outbox id with the links of the text part", async () => {
    const db = getDb();
    const transport = createMailboxTransport(db);
    const message = approvalEmail({ fullName: "Ada", providerName: "Acme", signInUrl: "https://app.test/studio", signInExpires: null });
    const msg = { id: crypto.randomUUID(), from: "x@y.test", to: "ada@example.com", ...message };
    const first = await transport.send(msg);
    const again = await transport.send(msg);
    expect(again.providerMessageId).toBe(first.providerMessageId);
    const rows = await db.select().from(devMailbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.links).toEqual(["https://app.test/studio"]);
  });

  it("extracts http(s) links without trailing punctuation", () => {
    expect(
      extractLinks("Open https://a.test/x?token=1. Or (http://b.test/y), not ftp://c.test; https://a.test/x?token=1"),
    ).toEqual(["https://a.test/x?token=1", "http://b.test/y"]);
  });
});
