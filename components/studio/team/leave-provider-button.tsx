"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { leaveProviderAction } from "@/lib/actions/studio/team";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { useTeamFailure } from "./use-team-failure";

/**
 * Leaves the provider the studio acts on, after asking; then the studio home shows what is left.
 * Disabled, with the reason next to it, when leaving would be refused anyway (the last owner).
 */
export function LeaveProviderButton({ providerName, blockedReason }: { providerName: string; blockedReason?: string }) {
  const router = useRouter();
  const describeFailure = useTeamFailure();
  const [failure, setFailure] = useState<string | null>(null);
  const reasonId = useId();

  async function leave() {
    setFailure(null);
    try {
      const result = await leaveProviderAction({});
      if (result.ok) {
        router.push("/studio");
        router.refresh();
      } else {
        setFailure(
          result.code === "LAST_OWNER"
            ? `You are the last owner of ${providerName}, so you cannot leave it. Make another member an owner first.`
            : describeFailure(result),
        );
      }
    } catch {
      setFailure("We could not reach the server. Check your connection and try again.");
    }
  }

  if (blockedReason) {
    return (
      <div className={ui.stack}>
        <div>
          <button type="button" className={ui.buttonSecondary} disabled aria-describedby={reasonId}>
            Leave this provider
          </button>
        </div>
        <p id={reasonId} className={ui.muted}>
          {blockedReason}
        </p>
      </div>
    );
  }

  return (
    <div className={ui.stack}>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div>
        <ConfirmDialog
          triggerLabel="Leave this provider"
          title={`Leave ${providerName}?`}
          confirmLabel="Leave provider"
          onConfirm={leave}
        >
          <p>
            You lose access to {providerName} in the studio at once, and API keys you created stop working. To come back,
            someone on the team has to invite you again.
          </p>
        </ConfirmDialog>
      </div>
    </div>
  );
}
