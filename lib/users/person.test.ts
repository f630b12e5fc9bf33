import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { makeUser } from "@/test/support/factories";
import { findPerson, personLabel } from "./person";

// Who invited someone, who made a key and who acted are one projection (personColumns, findPerson)
// and one way of naming (personLabel), shared by the invitation email, the API keys list and the
// activity log.
describe("a person as others are shown them", () => {
  it("is named by the name they gave, with their address as the detail", () => {
    expect(personLabel({ name: "Tara Owner", email: "tara@example.com" })).toEqual({ primary: "Tara Owner", secondary: "tara@example.com" });
  });

  it("is named by their address alone when they gave no name, or only spaces", () => {
    for (const name of [null, "", "   "]) {
      expect(personLabel({ name, email: "tara@example.com" })).toEqual({ primary: "tara@example.com", secondary: null });
    }
  });

  it("is read by user id: the name as typed and the account address, or null for an unknown id", async () => {
    const db = getDb();
    const user = await makeUser(db, { name: "Olivia Keys" });
    expect(await findPerson(db, { userId: user.id })).toEqual({ name: "Olivia Keys", email: user.email });
    expect(await findPerson(db, { userId: crypto.randomUUID() })).toBeNull();
  });
});
