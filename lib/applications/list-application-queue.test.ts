import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { approveApplication } from "./approve-application";
import { insertApplicationRow } from "./insert-application-row";
import { listApplicationQueue } from "./list-application-queue";

describe("listApplicationQueue", () => {
  it("pages the queue oldest first, says whether more follow and names each approved one's provider", async () => {
    const db = getDb();
    const at = (day: number) => new Date(Date.UTC(2025, 1, day));
    const make = (name: string, day: number) =>
      insertApplicationRow(db, {
        fullName: name,
        email: `${name.toLowerCase()}@example.com`,
        companyName: `${name} Works`,
        description: "Long enough description.",
        stage: "IN_REVIEW",
        createdAt: at(day),
      });
    const first = await make("First", 1);
    const second = await make("Second", 2);
    const third = await make("Third", 3);

    const page1 = await listApplicationQueue(db, { stage: "IN_REVIEW", pageSize: 2 });
    expect(page1.data.map((a) => a.id)).toEqual([first.id, second.id]);
    expect(page1).toMatchObject({ page: 1, hasNext: true });
    const page2 = await listApplicationQueue(db, { stage: "IN_REVIEW", page: 2, pageSize: 2 });
    expect(page2.data.map((a) => a.id)).toEqual([third.id]);
    expect(page2.hasNext).toBe(false);

    await approveApplication(db, { applicationId: second.id, actor: CLI_ACTOR });
    const approved = await listApplicationQueue(db, { stage: "APPROVED" });
    expect(approved.data).toEqual([expect.objectContaining({ id: second.id, providerSlug: "second-works" })]);
    expect((await listApplicationQueue(db, { stage: "IN_REVIEW" })).data.map((a) => a.providerSlug)).toEqual([null, null]);
  });
});
