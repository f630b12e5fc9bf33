import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerChangeRequests } from "@/db/schema";
import { makeProvider, makeUser } from "@/test/support/factories";
import { listChangeRequestsForAdmin } from "./list-change-requests-for-admin";

describe("listChangeRequestsForAdmin", () => {
  it("lists pending requests oldest first with provider and requester; other statuses newest first; pages", async () => {
    const db = getDb();
    const requester = await makeUser(db, { email: "asker@example.com" });
    const decider = await makeUser(db, { email: "decider@example.com" });
    const a = await makeProvider(db, { slug: "cr-a", name: "CR A" });
    const b = await makeProvider(db, { slug: "cr-b", name: "CR B" });
    const at = (day: number) => new Date(Date.UTC(2025, 0, day));
    const [newer, older, declined, approved] = await db
      .insert(providerChangeRequests)
      .values([
        { providerId: a.id, field: "NAME", currentValue: "CR A", requestedValue: "CR A2", requestedByUserId: requester.id, createdAt: at(5) },
        { providerId: b.id, field: "SLUG", currentValue: "cr-b", requestedValue: "cr-b2", createdAt: at(2) },
        {
          providerId: a.id,
          field: "SLUG",
          currentValue: "cr-a",
          requestedValue: "cr-x",
          status: "DECLINED",
          decidedByUserId: decider.id,
          decidedAt: at(4),
          decisionNote: "No",
          createdAt: at(3),
        },
        { providerId: b.id, field: "NAME", currentValue: "CR B", requestedValue: "CR B2", status: "APPROVED", createdAt: at(1) },
      ])
      .returning();

    const pending = await listChangeRequestsForAdmin(db, { status: "PENDING" });
    expect(pending.total).toBe(2);
    expect(pending.data.map((r) => r.id)).toEqual([older!.id, newer!.id]);
    expect(pending.data[1]).toEqual({
      id: newer!.id,
      field: "NAME",
      currentValue: "CR A",
      requestedValue: "CR A2",
      status: "PENDING",
      createdAt: at(5),
      decidedAt: null,
      decisionNote: null,
      provider: { id: a.id, slug: "cr-a", name: "CR A" },
      requestedBy: "asker@example.com",
      decidedBy: null,
    });

    const all = await listChangeRequestsForAdmin(db);
    expect(all.data.map((r) => r.id)).toEqual([newer!.id, declined!.id, older!.id, approved!.id]);
    expect(all.data[1]).toMatchObject({ decidedBy: "decider@example.com", decisionNote: "No" });
    const second = await listChangeRequestsForAdmin(db, { page: 2, limit: 3 });
    expect(second).toEqual({ data: [expect.objectContaining({ id: approved!.id })], total: 4 });
  });
});
