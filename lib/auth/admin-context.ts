import { notFound } from "next/navigation";
import type { Actor } from "@/lib/audit/record-audit-event";
import { getCurrentUser, type CurrentUser } from "./current-user";

export function adminActor(user: CurrentUser, requestId?: string): Actor {
  return { type: "ADMIN", id: user.id, label: user.email, requestId };
}

/** For admin pages: the signed-in admin. Everyone else, signed in or not, gets a 404: the console does not exist for them. */
export async function requireAdminPage(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user?.isAdmin) notFound();
  return user;
}
