import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { insertApplicationRow } from "./insert-application-row";
import { listApplications } from "./list-applications";

describe("listApplications", () => {
  it("lists oldest first, filters by stage, pages and counts other applications from the same email", async () => {
    const db = getDb();
    const base = Date.UTC(2025, 0, 1);
    const at = (days: number) => new Date(base + days * 86_400_000);
    const first = await insertApplicationRow(db, {
      fullName: "Repeat Applicant",
      email: "repeat@example.com",
      description: "First try at this.",
      stage: "REJECTED",
      rejectionReason: "Too early",
      createdAt: at(3),
    });
    const second = await insertApplicationRow(db, {
      fullName: "Repeat Applicant",
      email: "repeat@example.com",
      companyName: "Repeat Co",
      specialties: ["DESIGN"],
      portfolioLinks: ["https://repeat.example.com"],
      referralSource: "A friend",
      description: "Second try at this.",
      stage: "IN_REVIEW",
      createdAt: at(5),
    });
    const other = await insertApplicationRow(db, {
      fullName: "Someone Else",
      email: "else@example.com",
      description: "Unrelated application.",
      stage: "IN_REVIEW",
      createdAt: at(1),
    });

    const all = await listApplications(db);
    expect(all.map((a) => a.id)).toEqual([other.id, first.id, second.id]);
    expect(all.map((a) => a.priorApplications)).toEqual([0, 1, 1]);

    const review = await listApplications(db, { stage: "IN_REVIEW" });
    expect(review.map((a) => a.id)).toEqual([other.id, second.id]);
    expect(review[1]).toEqual({
      id: second.id,
      fullName: "Repeat Applicant",
      email: "repeat@example.com",
      companyName: "Repeat Co",
      specialties: ["DESIGN"],
      description: "Second try at this.",
      portfolioLinks: ["https://repeat.example.com"],
      referralSource: "A friend",
      stage: "IN_REVIEW",
      createdAt: at(5),
      verifiedAt: null,
      decidedAt: null,
      rejectionReason: null,
      providerId: null,
      priorApplications: 1,
    });

    const page = await listApplications(db, { limit: 1, offset: 1 });
    expect(page.map((a) => a.id)).toEqual([first.id]);
    expect(await listApplications(db, { stage: "APPROVED" })).toEqual([]);
  });
});
