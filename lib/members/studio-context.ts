import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { databaseReady } from "@/db";
import type { MemberRole } from "@/db/enums";
import { listMembershipsForUser, type Membership } from "@/lib/members/list-memberships-for-user";
import { env } from "@/lib/config/env";
import { canWrite } from "@/lib/members/roles";
import { getCurrentUser, type CurrentUser } from "@/lib/auth/current-user";

/** The provider the studio acts on, chosen by the person; always re-checked against their memberships. */
export const STUDIO_PROVIDER_COOKIE = "studio_provider";

export interface StudioContext {
  user: CurrentUser;
  provider: Membership["provider"];
  member: { id: string; role: MemberRole };
  /**
   * Whether this person may change the team, the listing and keys here: an OWNER or ADMIN of a
   * provider that is not suspended (a suspended provider's studio is read-only for everyone).
   */
  canWrite: boolean;
  /** The registry has suspended the provider: the studio shows why and changes nothing. */
  suspended: boolean;
  memberships: Membership[];
}

export type StudioState =
  | { kind: "anonymous" }
  | { kind: "no-provider"; user: CurrentUser }
  | { kind: "choose"; user: CurrentUser; memberships: Membership[] }
  | { kind: "ready"; studio: StudioContext };

/**
 * Who is signed in and which provider the studio acts on. One provider: that one. Several: the one
 * in the cookie if the person still belongs to it, else they must choose. Cached per request.
 */
export const resolveStudio = cache(async (): Promise<StudioState> => {
  const user = await getCurrentUser();
  if (!user) return { kind: "anonymous" };
  const db = await databaseReady();
  const memberships = await listMembershipsForUser(db, { userId: user.id });
  if (memberships.length === 0) return { kind: "no-provider", user };
  const chosenId = (await cookies()).get(STUDIO_PROVIDER_COOKIE)?.value;
  const chosen =
    memberships.length === 1 ? memberships[0] : memberships.find((m) => m.provider.id === chosenId);
  if (!chosen) return { kind: "choose", user, memberships };
  return {
    kind: "ready",
    studio: {
      user,
      provider: chosen.provider,
      member: { id: chosen.memberId, role: chosen.role },
      canWrite: canWrite(chosen.role) && chosen.provider.approvalStatus !== "SUSPENDED",
      suspended: chosen.provider.approvalStatus === "SUSPENDED",
      memberships,
    },
  };
});

/** Remembers the provider the studio acts on (from a server action, after checking membership). */
export async function setStudioProviderCookie(providerId: string): Promise<void> {
  (await cookies()).set(STUDIO_PROVIDER_COOKIE, providerId, {
    httpOnly: true,
    sameSite: "lax",
    secure: env().APP_URL.startsWith("https://"),
    path: "/",
    maxAge: 365 * 24 * 3600,
  });
}

export function signInPath(returnTo: string): string {
  return `/signin?callbackUrl=${encodeURIComponent(returnTo)}`;
}

/**
 * For studio pages: the studio context, or a redirect to sign-in (returning to `path`) or to the
 * studio home, where people without a provider see their invitations and people with several choose.
 */
export async function requireStudioPage(path: string): Promise<StudioContext> {
  const state = await resolveStudio();
  if (state.kind === "anonymous") redirect(signInPath(path));
  if (state.kind !== "ready") redirect("/studio");
  return state.studio;
}
