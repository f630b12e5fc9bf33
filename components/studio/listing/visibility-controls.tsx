"use client";

import { useId, useState } from "react";
import { publishListingAction, unpublishListingAction } from "@/lib/actions/studio/listing";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { useActionFailure } from "./use-action-failure";

/** Publish or unpublish; the page re-renders with the new state from the server when it succeeds. */
export function VisibilityControls(props: {
  published: boolean;
  publiclyVisible: boolean;
  /** Why the listing may not be published yet, in words (empty when nothing blocks it), as saved on the server. */
  blockers: string;
}) {
  const { published, publiclyVisible, blockers } = props;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const describeFailure = useActionFailure();
  const reasonId = useId();
  // Publish stays disabled, with the reason next to it, until the saved listing can be published.
  const blocked = !published && blockers !== "";

  // A refusal's message goes once the listing is fixed; a success message stays through the re-render
  // that the save or the publish itself causes (state adjusted during render, as React recommends).
  const [seenBlockers, setSeenBlockers] = useState(blockers);
  if (blockers !== seenBlockers) {
    setSeenBlockers(blockers);
    if (message?.tone === "error") setMessage(null);
  }

  async function run(publish: boolean) {
    setBusy(true);
    setMessage(null);
    try {
      const result = publish ? await publishListingAction({}) : await unpublishListingAction({});
      if (!result.ok) {
        setMessage({ tone: "error", text: describeFailure(result) });
        return;
      }
      setMessage({
        tone: "success",
        text: publish
          ? publiclyVisible
            ? "Published: the listing is now in the public directory."
            : "Published. It appears in the public directory once the registry approves this provider."
          : "Unpublished: the listing has left the public directory.",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={ui.stack}>
      <div className={ui.row}>
        {published ? (
          <ConfirmDialog
            triggerLabel="Unpublish"
            title="Unpublish the listing?"
            confirmLabel="Unpublish"
            onConfirm={() => run(false)}
          >
            <p>The listing leaves the public directory and its profile page at once. You can publish it again later.</p>
          </ConfirmDialog>
        ) : (
          <button
            type="button"
            className={ui.button}
            disabled={busy || blocked}
            aria-describedby={blocked ? reasonId : undefined}
            onClick={() => run(true)}
          >
            {busy ? "Publishing…" : "Publish"}
          </button>
        )}
      </div>
      {blocked ? (
        <p id={reasonId} className={ui.muted} style={{ margin: 0 }}>
          {blockers}
        </p>
      ) : null}
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
    </div>
  );
}
