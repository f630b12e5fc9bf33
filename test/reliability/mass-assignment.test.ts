import { desc, eq, getTableColumns, getTableName, isTable, type Table } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import * as schema from "@/db/schema";
import { interestApplications, providerMembers } from "@/db/schema";
import { PATCH } from "@/app/api/provider/studio/listing/route";
import { POST as INVITE } from "@/app/api/provider/studio/members/route";
import { POST as INTEREST } from "@/app/api/public/studio/providers/interest/route";
import { updateListingAction } from "@/lib/actions/studio/listing";
import { interestApplicationSchema } from "@/lib/applications/schemas";
import { inviteMemberSchema } from "@/lib/members/schemas";
import { PROFILE_FACT_FIELDS } from "@/lib/providers/profile-facts-schema";
import { makeProviderWithOwner, makeUser } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { signInAs } from "@/test/support/next-request";
import { changedTables, refusalSnapshot, reportFigures } from "./database-dump";

vi.mock("next/headers", () => import("@/test/support/next-request"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

// The listing PATCH (API and studio form) accepts the seed's six fields and the profile facts
// (extensions §1); every other column name of every table, in its TypeScript and its SQL spelling
// (so "country_code" too), plus prototype keys, must be refused by name.

const WRITABLE = new Set(["headline", "description", "specialties", "websiteUrl", "logoUrl", "bannerUrl", ...PROFILE_FACT_FIELDS]);

interface Field {
  name: string;
  value: unknown;
}

function valueFor(dataType: string): unknown {
  if (dataType === "boolean") return true;
  if (dataType === "number") return 999;
  if (dataType === "array") return ["DESIGN"];
  if (dataType === "json") return { owner: true };
  if (dataType === "date") return new Date().toISOString();
  return "mass-assigned";
}

function everyColumnName(): Field[] {
  const fields = new Map<string, unknown>();
  for (const value of Object.values(schema)) {
    if (!isTable(value)) continue;
    const table = value as Table;
    fields.set(getTableName(table), "mass-assigned");
    for (const [key, column] of Object.entries(getTableColumns(table))) {
      fields.set(key, valueFor(column.dataType));
      fields.set(column.name, valueFor(column.dataType));
    }
  }
  for (const extra of ["__proto__", "constructor", "prototype", "role", "isAdmin", "is_admin", "owner", "admin"]) {
    if (!fields.has(extra)) fields.set(extra, { polluted: true });
  }
  return [...fields].filter(([name]) => !WRITABLE.has(name)).map(([name, value]) => ({ name, value }));
}

const FIELDS = everyColumnName();
const figures = { tried: 0, persisted: 0, requests: 0 };

afterAll(() => {
  reportFigures(
    "mass-assignment",
    `${FIELDS.length} field names × 2 entry points (PATCH listing, listing.update action) + 2 lax bodies (invite, interest): ` +
      `${figures.tried} fields tried in ${figures.requests} requests, ${figures.persisted} persisted`,
  );
});

/** JSON text with `name` as an own key even for "__proto__" (an object literal would set the prototype). */
function bodyWith(field: Field): string {
  return `{"headline":"Mass assignment probe",${JSON.stringify(field.name)}:${JSON.stringify(field.value)}}`;
}

let owner: Awaited<ReturnType<typeof makeProviderWithOwner>>;
beforeAll(async () => {
  owner = await makeProviderWithOwner(getDb());
});

describe("the field names tried", () => {
  it("are every column of every table in both spellings, the table names and prototype keys", () => {
    const names = FIELDS.map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining(["approvalStatus", "approval_status", "publicProfile", "public_profile", "keyHash", "key_hash", "providers", "api_keys", "__proto__"]),
    );
    expect(names.length).toBeGreaterThan(100);
  });
});

describe("PATCH /api/provider/studio/listing with every column name", () => {
  it(`answers 400 VALIDATION_FAILED naming the field, and changes nothing, for each of ${FIELDS.length} names`, { timeout: 120_000 }, async () => {
    const db = getDb();
    const problems: string[] = [];
    for (const field of FIELDS) {
      const before = await refusalSnapshot(db);
      const response = await call(PATCH, "/api/provider/studio/listing", {
        method: "PATCH",
        key: owner.key,
        rawBody: bodyWith(field),
        headers: { "content-type": "application/json" },
      });
      figures.tried += 1;
      figures.requests += 1;
      const after = await refusalSnapshot(db);
      if (after !== before) {
        figures.persisted += 1;
        problems.push(`${field.name}: changed ${changedTables(before, after).join(", ")}`);
      }
      if (response.status !== 400) {
        problems.push(`${field.name}: status ${response.status}`);
        continue;
      }
      const problem = await problemOf(response);
      if (problem.code !== "VALIDATION_FAILED" || !problem.errors?.some((e) => e.path === field.name)) {
        problems.push(`${field.name}: ${problem.code} ${JSON.stringify(problem.errors)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("the studio's listing.update action with every column name", () => {
  it("answers VALIDATION_FAILED naming the field, and changes nothing", { timeout: 120_000 }, async () => {
    const db = getDb();
    await signInAs(db, owner.owner.user.id);
    const problems: string[] = [];
    for (const field of FIELDS) {
      const before = await refusalSnapshot(db);
      const result = await updateListingAction(JSON.parse(bodyWith(field)) as never);
      figures.tried += 1;
      figures.requests += 1;
      const after = await refusalSnapshot(db);
      if (after !== before) {
        figures.persisted += 1;
        problems.push(`${field.name}: changed ${changedTables(before, after).join(", ")}`);
      }
      if (result.ok || result.code !== "VALIDATION_FAILED" || !(field.name in (result.fieldErrors ?? {}))) {
        problems.push(`${field.name}: ${JSON.stringify(result).slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

/** Every column name at once (except the body's own fields), with a valid lax body (unknown fields ignored). */
function laxBody(allowed: Record<string, unknown>, ownFields: string[]): string {
  const entries = FIELDS.filter((f) => !(f.name in allowed) && !ownFields.includes(f.name)).map((f) => `${JSON.stringify(f.name)}:${JSON.stringify(f.value)}`);
  figures.tried += entries.length;
  figures.requests += 1;
  return `{${[...Object.entries(allowed).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`), ...entries].join(",")}}`;
}

describe("bodies that ignore unknown fields store none of them", () => {
  it("an invitation carrying every column name is an ordinary PENDING invitation of the key's provider", async () => {
    const db = getDb();
    const [plainUser, probeUser] = [await makeUser(db), await makeUser(db)];
    const headers = { "content-type": "application/json" };
    const plain = await call(INVITE, "/x", { key: owner.key, rawBody: JSON.stringify({ email: plainUser.email }), headers });
    expect(plain.status).toBe(201);
    const probe = await call(INVITE, "/x", { key: owner.key, rawBody: laxBody({ email: probeUser.email }, Object.keys(inviteMemberSchema.shape)), headers });
    expect(probe.status).toBe(201);

    const rowOf = async (userId: string) => {
      const [row] = await db.select().from(providerMembers).where(eq(providerMembers.userId, userId));
      const { id: _id, userId: _u, inviteEmail: _e, createdAt: _c, inviteExpiresAt: _x, ...rest } = row!;
      return rest;
    };
    const probeRow = await rowOf(probeUser.id);
    if (JSON.stringify(probeRow) !== JSON.stringify(await rowOf(plainUser.id))) figures.persisted += 1;
    expect(probeRow).toEqual(await rowOf(plainUser.id));
    expect(probeRow.providerId).toBe(owner.provider.id);
  });

  it("an interest application carrying every column name is stored as an ordinary new application", async () => {
    const db = getDb();
    const base = { fullName: "Lax Body", description: "Checking unknown fields are dropped." };
    const headers = { "content-type": "application/json" };
    const plain = await call(INTEREST, "/x", { rawBody: JSON.stringify({ ...base, email: "plain-lax@example.com" }), headers });
    expect(plain.status).toBe(201);
    const probe = await call(INTEREST, "/x", { rawBody: laxBody({ ...base, email: "probe-lax@example.com" }, Object.keys(interestApplicationSchema.shape)), headers });
    expect(probe.status).toBe(201);

    const rowOf = async (email: string) => {
      const [row] = await db
        .select()
        .from(interestApplications)
        .where(eq(interestApplications.email, email))
        .orderBy(desc(interestApplications.createdAt));
      const { id: _id, email: _e, tokenHash: _h, tokenExpiresAt: _x, createdAt: _c, ...rest } = row!;
      return rest;
    };
    const probeRow = await rowOf("probe-lax@example.com");
    if (JSON.stringify(probeRow) !== JSON.stringify(await rowOf("plain-lax@example.com"))) figures.persisted += 1;
    expect(probeRow).toEqual(await rowOf("plain-lax@example.com"));
    expect(probeRow.stage).toBe("AWAITING_VERIFICATION");
  });
});
