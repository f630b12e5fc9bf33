import { cookies } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import { OnboardingChecklist } from "@/components/studio/onboarding-checklist";
import { RankingPanel } from "@/components/studio/ranking-panel";
import { ProviderSwitcher } from "@/components/studio/provider-switcher";
import { ROLE_WITH_ARTICLE } from "@/components/studio/team/team-view";
import styles from "@/components/studio/studio.module.css";
import { Badge } from "@/components/ui/badge";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { resolveStudio, signInPath } from "@/lib/members/studio-context";
import { listInvitationsForUser } from "@/lib/members/list-invitations-for-user";
import { listTeam } from "@/lib/members/list-team";
import { getListing } from "@/lib/providers/get-listing";
import { canWrite } from "@/lib/members/roles";
import { onboardingHiddenCookie, onboardingSteps } from "@/lib/providers/onboarding-steps";
import { isListed } from "@/lib/provider-core/public-visibility";

export const metadata = { title: "Overview" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StudioHomePage({ searchParams }: { searchParams: SearchParams }) {
  const state = await resolveStudio();
  if (state.kind === "anonymous") redirect(signInPath("/studio"));
  const db = await databaseReady();
  const user = state.kind === "ready" ? state.studio.user : state.user;
  const invitations = (await listInvitationsForUser(db, { userId: user.id })).filter((i) => !i.expired);
  const invitationNotice =
    invitations.length > 0 ? (
      <Notice>
        You have {invitations.length === 1 ? "an invitation" : `${invitations.length} invitations`} to join a team.{" "}
        <Link href="/studio/invitations">Review invitations</Link>
      </Notice>
    ) : null;

  if (state.kind === "no-provider") {
    // A platform admin who belongs to no provider signed in to run the registry: the admin console.
    if (user.isAdmin) redirect("/admin");
    return (
      <>
        <PageHeader title="Welcome to the studio" />
        <div className={ui.stack}>
          {invitationNotice}
          <p>
            You are not a member of any provider yet. A provider&apos;s owner or admin can invite you with this email
            address ({user.email}). To list your own company, <Link href="/apply">apply to join the registry</Link>.
          </p>
        </div>
      </>
    );
  }

  if (state.kind === "choose") {
    return (
      <>
        <PageHeader title="Choose a provider" description="You belong to several providers. The studio acts on the one you choose." />
        <div className={ui.stack}>
          {invitationNotice}
          <ProviderSwitcher memberships={state.memberships} />
        </div>
      </>
    );
  }

  const { studio } = state;
  const [listing, team] = await Promise.all([
    getListing(db, { providerId: studio.provider.id }),
    listTeam(db, { providerId: studio.provider.id }),
  ]);
  const approval = studio.provider.approvalStatus;
  const steps = onboardingSteps({ listing, teamSize: team.length });
  // The steps are an owner's and an admin's to do: a member, who may only read, is not shown them.
  const showOnboarding =
    canWrite(studio.member.role) && !(await cookies()).has(onboardingHiddenCookie(studio.provider.id));
  // Set by the invitations page after accepting; the words come from the membership, not the URL.
  const joined = (await searchParams).joined === studio.provider.id;
  return (
    <>
      <PageHeader title={studio.provider.name} description={`You are ${ROLE_WITH_ARTICLE[studio.member.role]} of ${studio.provider.name}.`} />
      <div className={ui.stack}>
        {joined ? (
          <Notice tone="success">
            You joined {studio.provider.name} as {ROLE_WITH_ARTICLE[studio.member.role]}.
          </Notice>
        ) : null}
        {invitationNotice}
        {showOnboarding ? (
          <OnboardingChecklist
            providerId={studio.provider.id}
            steps={steps}
            logoUrl={listing.logoUrl}
            canWrite={studio.canWrite}
            approved={approval === "APPROVED"}
          />
        ) : null}
        <RankingPanel providerId={studio.provider.id} />
        <div className={styles.grid}>
          <section className={ui.card} aria-labelledby="overview-listing">
            <h2 id="overview-listing">Listing</h2>
            <p>
              {listing.publicProfile ? <Badge tone="good">Published</Badge> : <Badge tone="warn">Not published</Badge>}{" "}
              {approval === "APPROVED" ? null : <Badge tone="bad">{approval === "PENDING" ? "Awaiting approval" : "Suspended"}</Badge>}
            </p>
            <p>
              <Link href="/studio/listing">{studio.canWrite ? "Edit the listing" : "See the listing"}</Link>
              {isListed({ approvalStatus: approval, publicProfile: listing.publicProfile }) ? (
                <>
                  {" · "}
                  <Link href={`/providers/${listing.slug}`}>View the public profile</Link>
                </>
              ) : null}
            </p>
          </section>
          <section className={ui.card} aria-labelledby="overview-team">
            <h2 id="overview-team">Team</h2>
            <p>
              <Link href="/studio/team">Members and invitations</Link>
            </p>
          </section>
          <section className={ui.card} aria-labelledby="overview-keys">
            <h2 id="overview-keys">API</h2>
            <p>
              <Link href="/studio/api-keys">API keys</Link> · <Link href="/studio/webhooks">Webhooks</Link> ·{" "}
              <Link href="/docs/api">API reference</Link>
            </p>
          </section>
          <section className={ui.card} aria-labelledby="overview-activity">
            <h2 id="overview-activity">Activity</h2>
            <p>
              <Link href="/studio/activity">Who changed what, and when</Link>
            </p>
          </section>
          <section className={ui.card} aria-labelledby="overview-data">
            <h2 id="overview-data">Your data</h2>
            <p>
              <Link href="/studio/export">Export everything</Link> (listing, team, inquiries, reviews, analytics) ·{" "}
              <Link href="/studio/reports">Reports of outdated information</Link>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
