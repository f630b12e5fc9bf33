import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { interestApplications, providers } from "@/db/schema";
import { PENDING_STAGES } from "./duplicate-warnings";

/** What else carries an application's company name: a provider of that name, other addresses' pending applications. */
export interface SameCompany {
  providers: { id: string; name: string; slug: string }[];
  applications: { id: string; email: string; createdAt: Date }[];
}

const companyKey = (name: string) => name.trim().toLowerCase();

/**
 * For each application of the page (by id), the providers named like its company and the pending
 * applications from other addresses naming the same company, compared without case: two people of
 * one studio applying, or a studio applying twice under two addresses. Two queries for the page.
 */
export async function findSameCompany(
  db: Db,
  params: { applications: { id: string; email: string; companyName: string | null }[] },
): Promise<Map<string, SameCompany>> {
  const result = new Map(params.applications.map((a) => [a.id, { providers: [], applications: [] } as SameCompany] as const));
  const keys = [...new Set(params.applications.flatMap((a) => (a.companyName?.trim() ? [companyKey(a.companyName)] : [])))];
  if (keys.length === 0) return result;
  const [named, pending] = await Promise.all([
    db
      .select({ id: providers.id, name: providers.name, slug: providers.slug })
      .from(providers)
      .where(inArray(sql<string>`lower(${providers.name})`, keys)),
    db
      .select({
        id: interestApplications.id,
        email: interestApplications.email,
        companyName: interestApplications.companyName,
        createdAt: interestApplications.createdAt,
      })
      .from(interestApplications)
      .where(and(inArray(sql<string>`lower(trim(${interestApplications.companyName}))`, keys), inArray(interestApplications.stage, [...PENDING_STAGES])))
      .orderBy(interestApplications.createdAt),
  ]);
  for (const a of params.applications) {
    if (!a.companyName?.trim()) continue;
    const key = companyKey(a.companyName);
    const same = result.get(a.id)!;
    same.providers = named.filter((p) => companyKey(p.name) === key);
    same.applications = pending
      .filter((o) => o.id !== a.id && o.email !== a.email && companyKey(o.companyName ?? "") === key)
      .map(({ id, email, createdAt }) => ({ id, email, createdAt }));
  }
  return result;
}
