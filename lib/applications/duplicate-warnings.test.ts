import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { makeMember, makeProvider, makeUser } from "@/test/support/factories";
import { approveApplication } from "./approve-application";
import { insertApplicationRow } from "./insert-application-row";
import { listApplicationQueue } from "./list-application-queue";

const DAY = 86_400_000;
let n = 0;
const apply = (email: string, companyName: string | null, stage: "IN_REVIEW" | "AWAITING_VERIFICATION" | "REJECTED" = "IN_REVIEW") =>
  insertApplicationRow(getDb(), {
    fullName: `Dup Applicant ${++n}`,
    email,
    companyName,
    description: "We build careful software for careful people.",
    stage,
    createdAt: new Date(Date.now() - (100 - n) * DAY),
  });

async function cardOf(id: string) {
  const queue = await listApplicationQueue(getDb(), { stage: undefined, pageSize: 100 });
  return queue.data.find((a) => a.id === id)!;
}

describe("the admin card's duplicate warnings (listApplicationQueue)", () => {
  it("warns that the applicant already owns a provider, naming and linking it", async () => {
    const db = getDb();
    const email = "owns-bright@example.com";
    const provider = await makeProvider(db, { name: "Bright Pixel", slug: "bright-pixel" });
    await makeMember(db, { provider, user: await makeUser(db, { email }), role: "OWNER" });
    const application = await apply(email, "Bright Pixel Labs");
    expect((await cardOf(application.id)).warnings).toEqual([
      { kind: "belongs-to-provider", provider: { name: "Bright Pixel", slug: "bright-pixel" }, role: "OWNER" },
    ]);
  });

  it("warns of another pending application from the same address, but not of a decided one", async () => {
    const email = "twice@example.com";
    await apply(email, "Old Rejected Co", "REJECTED");
    const first = await apply(email, "Twice Co", "AWAITING_VERIFICATION");
    const second = await apply(email, "Twice Co Again");
    expect((await cardOf(second.id)).warnings).toEqual([
      { kind: "pending-from-same-email", applicationId: first.id, createdAt: first.createdAt },
    ]);
  });

  it("warns of a provider of the same name and another address's pending application for the same company, ignoring case", async () => {
    const db = getDb();
    await makeProvider(db, { name: "Quiet Harbour", slug: "quiet-harbour" });
    const colleague = await apply("colleague@harbour.example", "quiet harbour");
    const application = await apply("founder@harbour.example", "  Quiet Harbour ");
    expect((await cardOf(application.id)).warnings).toEqual([
      { kind: "provider-with-company-name", provider: { name: "Quiet Harbour", slug: "quiet-harbour" } },
      { kind: "pending-with-company-name", applicationId: colleague.id, email: "colleague@harbour.example", createdAt: colleague.createdAt },
    ]);
  });

  it("warns of nothing for a newcomer, for an application without a company, or once an application is decided", async () => {
    const db = getDb();
    const newcomer = await apply("newcomer@example.com", "Brand New Studio");
    const noCompany = await apply("no-company@example.com", null);
    expect((await cardOf(newcomer.id)).warnings).toEqual([]);
    expect((await cardOf(noCompany.id)).warnings).toEqual([]);
    // Approved: its own new provider and address are not a duplicate of itself.
    await approveApplication(db, { applicationId: newcomer.id, actor: CLI_ACTOR });
    expect((await cardOf(newcomer.id)).warnings).toEqual([]);
  });
});
