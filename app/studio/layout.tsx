import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { ConsoleBand } from "@/components/ui/console-band";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { ProviderSwitcher } from "@/components/studio/provider-switcher";
import { StudioNav } from "@/components/studio/studio-nav";
import { SuspendedBanner } from "@/components/studio/suspended-banner";
import { databaseReady } from "@/db";
import { resolveStudio } from "@/lib/members/studio-context";
import { countNewInquiries } from "@/lib/inquiries/count-new-inquiries";
import { listInvitationsForUser } from "@/lib/members/list-invitations-for-user";
import { countOpenListingReports } from "@/lib/listing-reports/count-open-listing-reports";
import { getSuspension } from "@/lib/provider-core/suspension";

export const metadata: Metadata = {
  title: { default: "Studio", template: "%s · Studio · Provider Registry" },
  robots: { index: false, follow: false },
};

// Renders the studio frame only; every page checks the session and role itself (requireStudioPage).
export default async function StudioLayout({ children }: { children: ReactNode }) {
  const state = await resolveStudio();
  if (state.kind === "anonymous") return <>{children}</>;
  const user = state.kind === "ready" ? state.studio.user : state.user;
  const suspended = state.kind === "ready" && state.studio.suspended ? state.studio.provider : null;
  const suspension = suspended ? await getSuspension(await databaseReady(), { providerId: suspended.id }) : null;
  const providerId = state.kind === "ready" ? state.studio.provider.id : null;
  const [newInquiries, openReports, pendingInvitations] = await Promise.all([
    providerId ? countNewInquiries(await databaseReady(), { providerId }) : 0,
    providerId ? countOpenListingReports(await databaseReady(), { providerId }) : 0,
    listInvitationsForUser(await databaseReady(), { userId: user.id }).then((list) => list.length),
  ]);
  return (
    <>
      <ConsoleBand
        who={
          <>
            Signed in as <strong>{user.email}</strong>
            {state.kind === "ready" ? (
              <>
                {" "}
                · {state.studio.provider.name} · {state.studio.member.role.toLowerCase()}
              </>
            ) : null}
          </>
        }
        actions={
          <>
            {user.isAdmin ? <Link href="/admin">Admin console</Link> : null}
            <SignOutButton />
          </>
        }
        extra={
          state.kind === "ready" && state.studio.memberships.length > 1 ? (
            <ProviderSwitcher memberships={state.studio.memberships} currentId={state.studio.provider.id} />
          ) : null
        }
        nav={state.kind === "ready" ? <StudioNav newInquiries={newInquiries} openReports={openReports} pendingInvitations={pendingInvitations} /> : null}
      />
      {suspended ? <SuspendedBanner providerName={suspended.name} suspension={suspension} /> : null}
      {children}
    </>
  );
}
