"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { acceptInvitationAction, declineInvitationAction } from "@/lib/actions/studio/invitations";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import type { ActionFailure } from "@/lib/actions/define-action";
import type { Invitation } from "@/lib/members/list-invitations-for-user";

const PAGE = "/studio/invitations";

/** The person's open invitations, each with Accept and Decline. Accepting opens that provider's studio, which confirms it. */
export function InvitationList({ invitations }: { invitations: Invitation[] }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  function describe(failure: ActionFailure): string {
    if (failure.code === "UNAUTHENTICATED") router.push(`/signin?callbackUrl=${encodeURIComponent(PAGE)}`);
    if (failure.code === "INVITATION_EXPIRED") return "This invitation has expired. Ask the team to send it again.";
    if (failure.code === "NOT_FOUND") return "This invitation is no longer open: it was answered or withdrawn.";
    return failure.message;
  }

  async function answer(invitation: Invitation, accept: boolean) {
    setMessage(null);
    setBusy(invitation.memberId);
    try {
      if (accept) {
        const result = await acceptInvitationAction({ memberId: invitation.memberId });
        if (result.ok) {
          // The overview confirms the joining from the database (app/studio/page.tsx), not from this URL.
          router.push(`/studio?joined=${encodeURIComponent(invitation.provider.id)}`);
          router.refresh();
          return;
        }
        setMessage({ tone: "error", text: describe(result) });
      } else {
        const result = await declineInvitationAction({ memberId: invitation.memberId });
        setMessage(
          result.ok
            ? { tone: "success", text: `You declined the invitation to ${invitation.provider.name}.` }
            : { tone: "error", text: describe(result) },
        );
      }
    } catch {
      setMessage({ tone: "error", text: "We could not reach the server. Check your connection and try again." });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className={ui.stack}>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      {invitations.length === 0 ? <p>You have no open invitations.</p> : null}
      {invitations.map((invitation) => {
        const headingId = `invitation-${invitation.memberId}`;
        return (
          <section key={invitation.memberId} className={ui.card} aria-labelledby={headingId}>
            <h2 id={headingId}>{invitation.provider.name}</h2>
            <p>
              Role: <strong>{invitation.role.toLowerCase()}</strong>
              {invitation.invitedBy ? <> · invited by {invitation.invitedBy.email}</> : null} · {formatDate(invitation.createdAt)}
            </p>
            {invitation.expired ? (
              <p>
                <Badge tone="bad">Expired</Badge> This invitation expired on {formatDate(invitation.expiresAt)}. Ask someone at{" "}
                {invitation.provider.name} to send it again.
              </p>
            ) : (
              <p>
                <Badge tone="warn">Pending</Badge> Answer by {formatDate(invitation.expiresAt)}.
              </p>
            )}
            <div className={ui.row}>
              {invitation.expired ? null : (
                <button
                  type="button"
                  className={ui.button}
                  disabled={busy !== null}
                  aria-label={`Accept the invitation to ${invitation.provider.name}`}
                  onClick={() => answer(invitation, true)}
                >
                  Accept
                </button>
              )}
              <button
                type="button"
                className={ui.buttonSecondary}
                disabled={busy !== null}
                aria-label={`Decline the invitation to ${invitation.provider.name}`}
                onClick={() => answer(invitation, false)}
              >
                Decline
              </button>
            </div>
          </section>
        );
      })}
    </div>
  );
}
