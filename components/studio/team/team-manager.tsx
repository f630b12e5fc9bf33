"use client";

import { useState } from "react";
import { changeMemberRoleAction, removeMemberAction, resendInvitationAction } from "@/lib/actions/studio/team";
import type { MemberRole } from "@/db/enums";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import type { ActionResult } from "@/lib/actions/define-action";
import type { TeamMember } from "@/lib/members/list-team";
import { canManageRole } from "@/lib/members/roles";
import { INVITATION_TTL_DAYS } from "@/lib/members/schemas";
import { displayName, TeamTableView } from "./team-table-view";
import styles from "./team.module.css";
import { assignableRoles, ROLE_LABELS } from "./team-view";
import { useTeamFailure } from "./use-team-failure";

type Message = { tone: "error" | "success"; text: string };

/**
 * The team table with the controls an OWNER or ADMIN may use on each row: change the role, resend a
 * pending invitation, remove. Rows the viewer may not manage (an ADMIN looking at an OWNER) show none.
 * Outcomes are announced above the table; the rows refresh from the server's answer.
 */
export function TeamManager(props: { members: TeamMember[]; viewerMemberId: string; viewerRole: MemberRole }) {
  const [message, setMessage] = useState<Message | null>(null);
  const describeFailure = useTeamFailure();

  /** Runs one change and announces its outcome; true when it was made. */
  async function run<T>(call: () => Promise<ActionResult<T>>, success: (data: T) => string, subject: string): Promise<boolean> {
    setMessage(null);
    try {
      const result = await call();
      setMessage(result.ok ? { tone: "success", text: success(result.data) } : { tone: "error", text: describeFailure(result, subject) });
      return result.ok;
    } catch {
      setMessage({ tone: "error", text: "We could not reach the server. Check your connection and try again." });
      return false;
    }
  }

  function controls(member: TeamMember) {
    if (!canManageRole(props.viewerRole, member.role)) {
      return <span className={ui.muted}>Only an owner can change an owner</span>;
    }
    const name = displayName(member);
    const isViewer = member.id === props.viewerMemberId;
    return (
      <div className={styles.controls}>
        <RoleForm
          member={member}
          roles={assignableRoles(props.viewerRole)}
          onSave={(role) =>
            run(
              () => changeMemberRoleAction({ memberId: member.id, role }),
              (data) => `${name} is now ${ROLE_LABELS[data.role].toLowerCase()}.`,
              name,
            )
          }
        />
        {member.inviteStatus === "PENDING" ? (
          <button
            type="button"
            className={ui.buttonSecondary}
            aria-label={`Resend invitation to ${member.user.email}`}
            onClick={() =>
              run(
                () => resendInvitationAction({ memberId: member.id }),
                (data) => `Invitation sent to ${data.email} again. It is valid for another ${INVITATION_TTL_DAYS} days.`,
                name,
              )
            }
          >
            Resend invitation
          </button>
        ) : null}
        {isViewer ? null : (
          <ConfirmDialog
            triggerLabel={member.inviteStatus === "PENDING" ? "Withdraw" : "Remove"}
            triggerAriaLabel={`${member.inviteStatus === "PENDING" ? "Withdraw the invitation of" : "Remove"} ${name}`}
            title={member.inviteStatus === "PENDING" ? `Withdraw the invitation of ${name}?` : `Remove ${name} from the team?`}
            confirmLabel={member.inviteStatus === "PENDING" ? "Withdraw invitation" : "Remove member"}
            onConfirm={async () => {
              await run(
                () => removeMemberAction({ memberId: member.id }),
                () =>
                  member.inviteStatus === "PENDING"
                    ? `The invitation of ${name} is withdrawn.`
                    : `${name} is no longer on the team.`,
                name,
              );
            }}
          >
            {member.inviteStatus === "PENDING" ? (
              <p>{member.user.email} will no longer be able to accept the invitation. You can invite them again later.</p>
            ) : (
              <p>
                {name} loses access to this provider in the studio at once, and API keys they created stop working. You can
                invite them again later.
              </p>
            )}
          </ConfirmDialog>
        )}
      </div>
    );
  }

  return (
    <div className={ui.stack}>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      <TeamTableView members={props.members} viewerMemberId={props.viewerMemberId} controls={controls} />
    </div>
  );
}

function RoleForm(props: { member: TeamMember; roles: MemberRole[]; onSave: (role: MemberRole) => Promise<boolean> }) {
  const [role, setRole] = useState<MemberRole>(props.member.role);
  const [busy, setBusy] = useState(false);
  const id = `role-${props.member.id}`;
  return (
    <form
      className={styles.roleForm}
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        try {
          // A refused change leaves the member's role as it was, so the select goes back to it.
          if (!(await props.onSave(role))) setRole(props.member.role);
        } finally {
          setBusy(false);
        }
      }}
    >
      <label htmlFor={id} className={ui.visuallyHidden}>
        Role of {displayName(props.member)}
      </label>
      <select id={id} className={ui.select} value={role} onChange={(e) => setRole(e.target.value as MemberRole)}>
        {props.roles.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className={ui.buttonSecondary}
        disabled={busy || role === props.member.role}
        aria-label={`Save the role of ${displayName(props.member)}`}
      >
        Save
      </button>
    </form>
  );
}
