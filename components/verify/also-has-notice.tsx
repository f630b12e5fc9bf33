import { formatDate } from "@/components/ui/format";
import ui from "@/components/ui/ui.module.css";
import type { LinkedApplication } from "@/lib/applications/read-verification-link";

const ROLE_WORDS = { OWNER: "an owner", ADMIN: "an admin", MEMBER: "a member" } as const;

/**
 * What the applicant's address already has (a provider, another application not yet decided). Only
 * the holder of the verification link sees it: the link reached that mailbox, so nobody who merely
 * typed the address learns anything of it.
 */
export function AlsoHasNotice({ alsoHas }: { alsoHas: LinkedApplication["alsoHas"] }) {
  const { providers, pendingApplications } = alsoHas;
  if (providers.length === 0 && pendingApplications.length === 0) return null;
  return (
    <div className={ui.noticeWarn} role="note" aria-label="This address already has">
      <p>
        <strong>This address already has a place with us.</strong>
      </p>
      <ul>
        {providers.map((p) => (
          <li key={p.name}>
            You are {ROLE_WORDS[p.role]} of <strong>{p.name}</strong>: to change its listing, sign in to the studio
            instead of applying.
          </li>
        ))}
        {pendingApplications.map((a) => (
          <li key={a.createdAt.toISOString()}>
            Another application from this address ({a.companyName ?? "no company named"}), sent {formatDate(a.createdAt)},
            is {a.stage === "IN_REVIEW" ? "in review" : "waiting for its email to be confirmed"}: we decide on it first.
          </li>
        ))}
      </ul>
      <p>Carry on only if this application is for another company.</p>
    </div>
  );
}
