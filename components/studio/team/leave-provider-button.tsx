"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { leaveProviderAction } from "@/app/studio/team/actions";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { useTeamFailure } from "./use-team-failure";

/** Leaves the provider the studio acts on, after asking; then the studio home shows what is left. */
export function LeaveProviderButton({ providerName }: { providerName: string }) {
  const router = useRouter();
  const describeFailure = useTeamFailure();
  const [failure, setFailure] = useState<string | null>(null);

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
