import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { EmailKind, MemberRole } from "@/db/enums";
import { emailOutbox, type Provider } from "@/db/schema";
import { adminCaller, type Caller } from "@/lib/auth/caller";
import { makeMember, makeProvider, makeUser } from "./factories";

// The cast of the review-moderation tests: a listed provider with an OWNER, an ADMIN and a MEMBER,
// callers acting as each, and a platform admin.

function memberCaller(user: { id: string; email: string }, member: { id: string }, role: MemberRole): Caller {
  return { actor: { type: "USER", id: user.id, label: user.email }, via: "session", userId: user.id, role, memberId: member.id };
}

export async function moderationCast(db: Db): Promise<{
  provider: Provider;
  owner: Caller;
  member: Caller;
  admin: Caller;
  managers: string[];
}> {
  const provider = await makeProvider(db);
  const owner = await makeMember(db, { provider, role: "OWNER" });
  const manager = await makeMember(db, { provider, role: "ADMIN" });
  const member = await makeMember(db, { provider, role: "MEMBER" });
  const adminUser = await makeUser(db, { isAdmin: true });
  return {
    provider,
    owner: memberCaller(owner.user, owner.member, "OWNER"),
    member: memberCaller(member.user, member.member, "MEMBER"),
    admin: adminCaller({ id: adminUser.id, email: adminUser.email, name: null, isAdmin: true }),
    managers: [owner.user.email, manager.user.email].sort(),
  };
}

/** The outbox rows of one kind to the given addresses. */
export async function mailsTo(db: Db, kind: EmailKind, to: string[]) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), inArray(emailOutbox.to, to)));
}
