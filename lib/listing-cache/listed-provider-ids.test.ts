import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providers } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import { listedProviderIds } from "./listed-provider-ids";

describe("listedProviderIds", () => {
  it("answers the listed providers among the slugs, and no longer one the moment it is unlisted", async () => {
    const db = getDb();
    const listed = await makeProvider(db, { slug: "beacon-listed" });
    const other = await makeProvider(db, { slug: "beacon-other" });
    expect((await listedProviderIds(db, ["beacon-listed", "beacon-other", "beacon-listed", "no-such-slug"])).sort()).toEqual([listed.id, other.id].sort());
    // Asked again: the remembered answer, the same.
    expect(await listedProviderIds(db, ["beacon-listed"])).toEqual([listed.id]);

    await db.update(providers).set({ publicProfile: false }).where(eq(providers.id, listed.id));
    expect(await listedProviderIds(db, ["beacon-listed", "beacon-other"])).toEqual([other.id]);
    await db.update(providers).set({ publicProfile: true }).where(eq(providers.id, listed.id));
    expect(await listedProviderIds(db, ["beacon-listed"])).toEqual([listed.id]);
  });
});
