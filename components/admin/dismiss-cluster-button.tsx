"use client";

import { useRouter } from "next/navigation";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { dismissClusterAction } from "@/lib/actions/reports/dismiss-cluster";
import { useFlash } from "./flash";

/**
 * "Dismiss cluster": stops the provider's escalation and dismisses its open reports, after asking. The
 * outcome is said above the queue (FlashProvider): the row leaves the queue when the page refreshes.
 */
export function DismissClusterButton({ providerId, name }: { providerId: string; name: string }) {
  const router = useRouter();
  const flash = useFlash();
  return (
    <div>
      <ConfirmDialog
        triggerLabel="Dismiss cluster"
        triggerAriaLabel={`Dismiss cluster: ${name}`}
        title={`Dismiss the reports about ${name}?`}
        confirmLabel="Dismiss"
        onConfirm={async () => {
          const result = await dismissClusterAction({ providerId });
          if (result.ok) {
            const { reports, escalationClosed } = result.data;
            flash(
              "success",
              `${name}: ${reports} ${reports === 1 ? "report" : "reports"} dismissed${escalationClosed ? "; the request to confirm is withdrawn" : ""}.`,
            );
          } else flash("error", result.message);
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
