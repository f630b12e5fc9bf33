import { InviteForm } from "@/components/studio/team/invite-form";
import { LeaveProviderButton } from "@/components/studio/team/leave-provider-button";
import { TeamManager } from "@/components/studio/team/team-manager";
import { TeamTableView } from "@/components/studio/team/team-table-view";
import { ROLE_WITH_ARTICLE } from "@/components/studio/team/team-view";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/studio/team/team.module.css";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { requireStudioPage } from "@/lib/members/studio-context";
import { listTeam } from "@/lib/members/list-team";

export const metadata = { title: "Team" };

const ROLE_SUMMARY =
  "Members can read everything here. Admins also manage the listing, API keys and members who are not owners. Owners can do everything, including making others owners.";

export default async function TeamPage() {
  const studio = await requireStudioPage("/studio/team");
  const db = await databaseReady();
  const members = await listTeam(db, { providerId: studio.provider.id });
  const owners = members.filter((m) => m.role === "OWNER" && m.status === "ACCEPTED");
  const lastOwner = studio.member.role === "OWNER" && owners.length === 1;

  return (
    <>
      <PageHeader title="Team" description={`The people of ${studio.provider.name} and their invitations.`} />
      <div className={ui.stack}>
        <p className={ui.muted} style={{ margin: 0 }}>
          {ROLE_SUMMARY}
        </p>
        {studio.canWrite ? null : (
          <Notice>
            {studio.suspended
              ? "The team cannot be changed while the registry has the provider suspended."
              : `Your role (${studio.member.role.toLowerCase()}) can see the team but not invite or change anyone. Ask an owner or admin.`}
          </Notice>
        )}
        {studio.canWrite ? (
          <section className={ui.card} aria-labelledby="team-invite">
            <h2 id="team-invite">Invite someone</h2>
            <InviteForm viewerRole={studio.member.role} />
          </section>
        ) : null}
        <section aria-labelledby="team-members" className={styles.fit}>
          <h2 id="team-members">Members</h2>
          {studio.canWrite ? (
            <TeamManager members={members} viewerMemberId={studio.member.id} viewerRole={studio.member.role} />
          ) : (
            <TeamTableView members={members} viewerMemberId={studio.member.id} />
          )}
        </section>
        <section aria-labelledby="team-leave">
          <h2 id="team-leave">Leave</h2>
          <p>
            You are {ROLE_WITH_ARTICLE[studio.member.role]} of {studio.provider.name}. Leaving removes your access; a team
            always keeps at least one owner.
          </p>
          <LeaveProviderButton
            providerName={studio.provider.name}
            blockedReason={
              lastOwner
                ? `You are the last owner of ${studio.provider.name}, so you cannot leave it. Make another member an owner first.`
                : undefined
            }
          />
        </section>
      </div>
    </>
  );
}
