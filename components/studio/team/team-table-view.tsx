import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import type { TeamMember } from "@/lib/members/list-team";
import styles from "./team.module.css";
import { ROLE_LABELS } from "./team-view";
import ui from "@/components/ui/ui.module.css";

/** How a member's name reads on the page: their name, or their email when they have not given one. */
export function displayName(member: TeamMember): string {
  return member.user.name.trim() || member.user.email;
}

function Status({ member }: { member: TeamMember }) {
  if (member.status === "ACCEPTED") {
    return (
      <>
        <Badge tone="good">Accepted</Badge>
        {member.acceptedAt ? <span className={styles.when}>since {formatDate(member.acceptedAt)}</span> : null}
      </>
    );
  }
  if (member.status === "EXPIRED") {
    return (
      <>
        <Badge tone="bad">Expired</Badge>
        <span className={styles.when}>on {formatDate(member.inviteExpiresAt)}</span>
      </>
    );
  }
  return (
    <>
      <Badge tone="warn">Pending</Badge>
      <span className={styles.when}>
        invited {formatDate(member.createdAt)}, expires {formatDate(member.inviteExpiresAt)}
        {member.hasSignedIn ? null : "; has not signed in yet"}
      </span>
    </>
  );
}

/**
 * The team as a table. Read-only unless `controls` is given: the studio renders it without controls
 * for MEMBERs, so they get no write controls at all.
 */
export function TeamTableView(props: {
  members: TeamMember[];
  viewerMemberId: string;
  controls?: (member: TeamMember) => ReactNode;
}) {
  // One team table per page, so a fixed id is unique; no hooks, so it renders on the server as well.
  const captionId = "team-table-caption";
  return (
    <div className={`table-scroll ${styles.fit}`} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="cards-on-phone">
        <caption id={captionId}>Members and invitations</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            {props.controls ? (
              <th scope="col">
                <span className={ui.visuallyHidden}>Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {props.members.map((member) => (
            <tr key={member.id} data-member-email={member.user.email}>
              <th scope="row">
                {displayName(member)}
                {member.id === props.viewerMemberId ? <span className={styles.you}> (you)</span> : null}
              </th>
              <td data-label="Email">{member.user.email}</td>
              <td data-label="Role">{ROLE_LABELS[member.role]}</td>
              <td data-label="Status">
                <Status member={member} />
              </td>
              {props.controls ? <td>{props.controls(member)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
