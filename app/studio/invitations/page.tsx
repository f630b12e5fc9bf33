import { redirect } from "next/navigation";
import { InvitationList } from "@/components/studio/invitations/invitation-list";
import { PageHeader } from "@/components/ui/page-header";
import { databaseReady } from "@/db";
import { resolveStudio, signInPath } from "@/lib/members/studio-context";
import { listInvitationsForUser } from "@/lib/members/list-invitations-for-user";

export const metadata = { title: "Invitations" };

// Open to every signed-in person, not only members of a provider: someone invited to their first
// team has no studio yet, and this is where they answer.
export default async function InvitationsPage() {
  const state = await resolveStudio();
  if (state.kind === "anonymous") redirect(signInPath("/studio/invitations"));
  const user = state.kind === "ready" ? state.studio.user : state.user;
  const db = await databaseReady();
  const invitations = await listInvitationsForUser(db, { userId: user.id });
  return (
    <>
      <PageHeader title="Invitations" description={`Teams that invited ${user.email}.`} />
      <InvitationList invitations={invitations} />
    </>
  );
}
