// Set-up and look-ups shared by the team tests (domain functions and studio actions). Not used by the app.
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { auditEvents, emailOutbox, providerMembers, type Provider, type User } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { makeMember, makeProvider, makeUser } from "@/test/support/factories";
import { activeMember } from "@/lib/provider-core/active-member";

export function actorFor(user: Pick<User, "id" | "email">): Actor {
  return { type: "USER", id: user.id, label: user.email };
}

/**
 * A caller for a domain function: `actor` acting with `role` on the provider; with `memberId`, as a
 * person in the studio, whose role lockTeam() reads again under the lock.
 */
export function callerAs(actor: Actor, role?: MemberRole, memberId?: string): Caller {
  const via = actor.type === "API_KEY" ? "apiKey" : actor.type === "CLI" ? "cli" : "session";
  return {
    actor,
    via,
    userId: via === "session" ? actor.id : null,
    ...(role ? { role } : {}),
    ...(memberId ? { memberId } : {}),
  };
}

/** A provider with one accepted member per role given, in order. */
export async function makeTeam(db: Db, roles: MemberRole[] = ["OWNER", "ADMIN", "MEMBER"]) {
  const provider = await makeProvider(db);
  const people = [];
  for (const role of roles) people.push(await makeMember(db, { provider, role }));
  return { provider, people };
}

/** A pending invitation of a fresh (or given) user, expiring `expiresInMs` from now. */
export async function makeInvitation(
  db: Db,
  params: { provider: Provider; role?: MemberRole; user?: User; expiresInMs?: number },
) {
  const { member, user } = await makeMember(db, {
    provider: params.provider,
    role: params.role ?? "MEMBER",
    inviteStatus: "PENDING",
    user: params.user ?? (await makeUser(db)),
  });
  const [row] = await db
    .update(providerMembers)
    .set({ inviteExpiresAt: new Date(Date.now() + (params.expiresInMs ?? 7 * 86_400_000)) })
    .where(eq(providerMembers.id, member.id))
    .returning();
  return { member: row!, user };
}

export async function memberRow(db: Db, id: string) {
  const [row] = await db.select().from(providerMembers).where(eq(providerMembers.id, id));
  return row!;
}

/** Every row of the provider's team, removed ones included: to show a refusal changed nothing. */
export async function teamSnapshot(db: Db, providerId: string) {
  return db.select().from(providerMembers).where(eq(providerMembers.providerId, providerId)).orderBy(asc(providerMembers.id));
}

export async function activeOwners(db: Db, providerId: string) {
  return db
    .select({ id: providerMembers.id })
    .from(providerMembers)
    .where(
      and(
        eq(providerMembers.providerId, providerId),
        eq(providerMembers.role, "OWNER"),
        eq(providerMembers.inviteStatus, "ACCEPTED"),
        activeMember(),
      ),
    );
}

export async function auditFor(db: Db, targetId: string) {
  return db.select().from(auditEvents).where(eq(auditEvents.targetId, targetId)).orderBy(asc(auditEvents.createdAt));
}

export async function invitationEmailsTo(db: Db, to: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, "INVITATION")))
    .orderBy(asc(emailOutbox.createdAt));
}
