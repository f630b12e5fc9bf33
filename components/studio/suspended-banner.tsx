import { Notice } from "@/components/ui/notice";
import type { Suspension } from "@/lib/provider-core/suspension";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/** Shown on every studio page of a suspended provider: what the suspension means and why it happened. */
export function SuspendedBanner({ providerName, suspension }: { providerName: string; suspension: Suspension | null }) {
  return (
    <div style={{ marginTop: "1rem" }}>
      <Notice tone="error">
        <p style={{ margin: 0 }}>
          <strong>The registry has suspended {providerName}</strong>
          {suspension ? ` on ${dateFormat.format(suspension.suspendedAt)}` : ""}.
        </p>
        <p style={{ margin: "0.5rem 0 0" }}>
          While it is suspended the provider is hidden from the public directory, this studio is read-only (nothing here
          can be changed, and no invitations are sent) and its API keys are refused. Everything comes back as it was
          when the registry reinstates it.
        </p>
        <p style={{ margin: "0.5rem 0 0", overflowWrap: "anywhere" }}>
          {suspension?.note ? (
            <>
              The registry&apos;s reason: <q>{suspension.note}</q>
            </>
          ) : (
            // Only suspensions from before a reason was required (issue 31) lack one: say so, not that none was given.
            "No reason was recorded with this suspension. Contact the registry to ask about it."
          )}
        </p>
      </Notice>
    </div>
  );
}
