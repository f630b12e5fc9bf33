import { getCurrentUser, type CurrentUser } from "@/lib/auth/current-user";
import { adminCaller, sessionCaller, type Caller } from "@/lib/auth/caller";
import { resolveStudio, type StudioContext } from "@/lib/members/studio-context";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { providerSuspendedError } from "@/lib/provider-core/suspension";

/**
 * Who may call a server action:
 * - "public": anyone;
 * - "user": any signed-in person (e.g. answering their own invitations);
 * - "studio": a member of the provider the studio acts on (reads, leaving the team);
 * - "studio-write": an OWNER or ADMIN of it, while the registry has not suspended it (finer role
 *   rules live in the domain functions);
 * - "admin": a platform admin; everyone else is told the action does not exist.
 */
export type ActionAuth = "public" | "user" | "studio" | "studio-write" | "admin";

interface PrincipalByAuth {
  public: object;
  user: { user: CurrentUser; caller: Caller };
  studio: { user: CurrentUser; studio: StudioContext; caller: Caller };
  "studio-write": { user: CurrentUser; studio: StudioContext; caller: Caller };
  admin: { user: CurrentUser; caller: Caller };
}
export type ActionPrincipal<A extends ActionAuth> = PrincipalByAuth[A];

/** Resolves and checks the caller for an action; throws the AppError the action must answer with. */
export async function resolveActionPrincipal<A extends ActionAuth>(
  auth: A,
  requestHeaders: Headers,
  requestId: string,
): Promise<ActionPrincipal<A>> {
  if (auth === "public") return {} as ActionPrincipal<A>;
  assertSameOrigin(requestHeaders);
  if (auth === "studio" || auth === "studio-write") {
    const state = await resolveStudio();
    if (state.kind === "anonymous") throw unauthenticated();
    if (state.kind !== "ready") throw new AppError("FORBIDDEN", "Choose a provider in the studio first.");
    if (auth === "studio-write" && state.studio.suspended) throw providerSuspendedError("studio");
    if (auth === "studio-write" && !state.studio.canWrite) {
      throw new AppError("FORBIDDEN", "Your role may read but not change this provider.");
    }
    // The studio caller acts as their membership of the studio's provider, with the role read now;
    // team changes read it again under the team lock (lockTeam).
    const caller = sessionCaller(state.studio.user, requestId, state.studio.member);
    return { user: state.studio.user, studio: state.studio, caller } as ActionPrincipal<A>;
  }
  const user = await getCurrentUser();
  if (auth === "admin") {
    if (!user?.isAdmin) throw new AppError("NOT_FOUND", "Not found.");
    return { user, caller: adminCaller(user, requestId) } as ActionPrincipal<A>;
  }
  if (!user) throw unauthenticated();
  return { user, caller: sessionCaller(user, requestId) } as ActionPrincipal<A>;
}

function unauthenticated(): AppError {
  return new AppError("UNAUTHENTICATED", "Your session has ended. Sign in again to continue.");
}

/**
 * Next.js already refuses server actions whose Origin does not match the host; this repeats the check
 * for actions that act on someone's behalf, using the browser's Fetch Metadata as well, so a
 * cross-site form post is refused even behind a proxy that rewrites Host.
 */
function assertSameOrigin(requestHeaders: Headers): void {
  const site = requestHeaders.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw crossSite();
  const origin = requestHeaders.get("origin");
  if (!origin) return;
  const allowed = new Set([new URL(env().APP_URL).host]);
  const host = requestHeaders.get("x-forwarded-host") ?? requestHeaders.get("host");
  if (host) allowed.add(host);
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw crossSite();
  }
  if (!allowed.has(originHost)) throw crossSite();
}

function crossSite(): AppError {
  return new AppError("FORBIDDEN", "Cross-site requests may not change anything here.");
}
