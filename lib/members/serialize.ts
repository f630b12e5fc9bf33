import type { z } from "zod";
import type { ProviderMember, User } from "@/db/schema";
import type { memberSchema } from "./schemas";

export type Member = z.output<typeof memberSchema>;

export function toMember(row: {
  member: ProviderMember;
  user: Pick<User, "id" | "email" | "name">;
  providerSlug: string;
}): Member {
  return {
    id: row.member.id,
    providerSlug: row.providerSlug,
    role: row.member.role,
    inviteStatus: row.member.inviteStatus,
    inviteEmail: row.member.inviteEmail,
    user: { id: row.user.id, email: row.user.email, name: row.user.name ?? "" },
    createdAt: row.member.createdAt.toISOString(),
  };
}
