"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { dismissClusterAction } from "@/lib/actions/reports/dismiss-cluster";

/** "Dismiss cluster": stops the provider's escalation and dismisses its open reports, after asking. */
export function DismissClusterButton({ providerId, name }: { providerId: string; name: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  return (
    <div>
      <div aria-live="polite">{message ? <Notice tone={message.tone}>{message.text}</Notice> : null}</div>
      <ConfirmDialog
        triggerLabel="Dismiss cluster"
        triggerAriaLabel={`Dismiss cluster: ${name}`}
        title={`Dismiss the reports about ${name}?`}
        confirmLabel="Dismiss"
        onConfirm={async () => {
          const result = await dismissClusterAction({ providerId });
          if (result.ok) {
            const { reports, escalationClosed } = result.data;
            setMessage({
              tone: "success",
              text: `${reports} ${reports === 1 ? "report" : "reports"} dismissed${escalationClosed ? "; the request to confirm is withdrawn" : ""}.`,
            });
          } else setMessage({ tone: "error", text: result.message });
          router.refresh();
        }}
      >
        <p>
          Every open report about this provider is dismissed, and a request to confirm its listing is withdrawn so the
          listing is not hidden. Reporters who left an email are told once. This is recorded in the audit trail.
        </p>
      </ConfirmDialog>
    </div>
  );
}
