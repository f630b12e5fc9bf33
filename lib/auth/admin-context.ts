import { notFound } from "next/navigation";
import { getCurrentUser, type CurrentUser } from "./current-user";

/** For admin pages: the signed-in admin. Everyone else, signed in or not, gets a 404: the console does not exist for them. */
export async function requireAdminPage(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user?.isAdmin) notFound();
  return user;
}
