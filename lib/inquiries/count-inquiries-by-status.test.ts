import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { countingDb } from "@/test/support/counting-db";
import { makeInquiry, makeProvider } from "@/test/support/factories";
import { countInquiriesByStatus } from "./count-inquiries-by-status";

describe("countInquiriesByStatus", () => {
  it("counts one provider's delivered inquiries per status in one query, 0 for a status it has none of", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const other = await makeProvider(db);
    for (const status of ["NEW", "NEW", "NEW", "REPLIED", "SPAM", "AWAITING_VERIFICATION"] as const) {
      await makeInquiry(db, { providerId: provider.id, status });
    }
    await makeInquiry(db, { providerId: other.id, status: "ARCHIVED" });

    const counting = countingDb(db);
    expect(await countInquiriesByStatus(counting.db, { providerId: provider.id })).toEqual({ NEW: 3, REPLIED: 1, ARCHIVED: 0, SPAM: 1 });
    expect(counting.statements).toHaveLength(1);
  });
});
