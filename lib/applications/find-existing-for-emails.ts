import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ApplicationStage, MemberRole } from "@/db/enums";
import { interestApplications, providerMembers, providers, users } from "@/db/schema";
import { activeMember } from "@/lib/provider-core/active-member";

/** What an email address already has in the registry: the providers it belongs to and its applications. */
export interface ExistingForEmail {
  providers: { id: string; name: string; slug: string; role: MemberRole }[];
  applications: { id: string; stage: ApplicationStage; companyName: string | null; createdAt: Date }[];
}

const none = (): ExistingForEmail => ({ providers: [], applications: [] });

/**
 * For each address, the providers it is an accepted member of and its applications (oldest first),
 * in two queries for the whole set: repeat applicants stand out in review, and are told in the email.
 */
export async function findExistingForEmails(db: Db, params: { emails: string[] }): Promise<Map<string, ExistingForEmail>> {
  const emails = [...new Set(params.emails)];
  const result = new Map(emails.map((e) => [e, none()] as const));
  if (emails.length === 0) return result;
  const [memberships, applications] = await Promise.all([
    db
      .select({ email: users.email, id: providers.id, name: providers.name, slug: providers.slug, role: providerMembers.role })
      .from(providerMembers)
      .innerJoin(users, eq(users.id, providerMembers.userId))
      .innerJoin(providers, eq(providers.id, providerMembers.providerId))
      .where(and(inArray(users.email, emails), eq(providerMembers.inviteStatus, "ACCEPTED"), activeMember()))
      .orderBy(asc(providers.name)),
    db
      .select({
        email: interestApplications.email,
        id: interestApplications.id,
        stage: interestApplications.stage,
        companyName: interestApplications.companyName,
        createdAt: interestApplications.createdAt,
      })
      .from(interestApplications)
      .where(inArray(interestApplications.email, emails))
      .orderBy(asc(interestApplications.createdAt), asc(interestApplications.id)),
  ]);
  for (const { email, ...provider } of memberships) result.get(email)?.providers.push(provider);
  for (const { email, ...application } of applications) result.get(email)?.applications.push(application);
  return result;
}
