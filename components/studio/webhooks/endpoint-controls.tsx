"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ActionResult } from "@/lib/actions/define-action";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import {
  deleteWebhookAction,
  recoverWebhookDeliveriesAction,
  rotateWebhookSecretAction,   sendTestWebhookAction,
  updateWebhookAction,
} from "@/lib/actions/studio/webhooks";
import { ROTATION_OVERLAP_DEFAULT_HOURS } from "@/lib/webhook-endpoints/rules";
import type { WebhookEndpointView } from "@/lib/webhook-endpoints/schemas";
import { formatDateTime } from "@/components/ui/format";
import { SecretReveal } from "./secret-reveal";
import { useWebhookFailure } from "./use-webhook-failure";
import { WEBHOOKS_PAGE } from "./webhook-labels";
import styles from "./webhooks.module.css";

const OVERLAPS = [0, 1, 24, 72, 168] as const;
// How far back "Resend failed deliveries" reaches; the server keeps 30 days of history, and 4 weeks
// stays inside it even when this browser's clock runs a little behind the server's.
const RECOVER_HOURS = [24, 72, 168, 672] as const;
const recoverLabel = (h: number) => (h === 24 ? "the last 24 hours" : h === 672 ? "the last 4 weeks" : `the last ${h / 24} days`);
const overlapLabel = (h: number) => (h === 0 ? "No overlap: the old secret stops now" : h === 1 ? "1 hour" : h < 48 ? `${h} hours` : `${h / 24} days`);

/** The endpoint's buttons for owners and admins: test, enable or disable, resend failed, rotate the secret, delete. */
export function EndpointControls({ endpoint }: { endpoint: WebhookEndpointView }) {
  const router = useRouter();
  const describe = useWebhookFailure();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [overlap, setOverlap] = useState<number>(ROTATION_OVERLAP_DEFAULT_HOURS);
  const [recoverHours, setRecoverHours] = useState<number>(RECOVER_HOURS[0]);
  const [rotated, setRotated] = useState<{ secret: string; until: string } | null>(null);
  const ref = { endpointId: endpoint.id };

  async function run<T>(action: () => Promise<ActionResult<T>>, success: (data: T) => string) {
    setBusy(true);
    setMessage(null);
    const result = await action();
    setBusy(false);
    if (!result.ok) return setMessage({ tone: "error", text: describe(result) });
    setMessage({ tone: "success", text: success(result.data) });
    router.refresh();
  }

  async function rotate() {
    setMessage(null);
    const result = await rotateWebhookSecretAction({ ...ref, overlapHours: overlap });
    if (!result.ok) return setMessage({ tone: "error", text: describe(result) });
    setRotated({ secret: result.data.secret, until: result.data.previousSecretExpiresAt });
  }

  async function recover() {
    const since = new Date(Date.now() - recoverHours * 3_600_000).toISOString();
    await run(
      () => recoverWebhookDeliveriesAction({ ...ref, since }),
      ({ queued }) =>
        queued === 0
          ? `No failed deliveries in ${recoverLabel(recoverHours)}: nothing to resend.`
          : `${queued} failed ${queued === 1 ? "delivery is" : "deliveries are"} queued to be sent again now.`,
    );
  }

  async function remove() {
    const result = await deleteWebhookAction(ref);
    if (!result.ok) return setMessage({ tone: "error", text: describe(result) });
    router.push(WEBHOOKS_PAGE);
  }

  return (
    <div className={ui.stack}>
      <div className={styles.controls}>
        <button
          type="button"
          className={ui.button}
          disabled={busy || !endpoint.enabled}
          onClick={() => run(() => sendTestWebhookAction(ref), (d) => `Test event queued (${d.messageId}). It appears in the deliveries below.`)}
        >
          Send test event
        </button>
        <button
          type="button"
          className={ui.buttonSecondary}
          disabled={busy}
          onClick={() =>
            run(
              () => updateWebhookAction({ ...ref, enabled: !endpoint.enabled }),
              (d) => (d.enabled ? "Enabled: new events are sent again." : "Disabled: pending deliveries were cancelled."),
            )
          }
        >
          {endpoint.enabled ? "Disable" : "Enable"}
        </button>
        {endpoint.enabled ? (
          <ConfirmDialog triggerLabel="Resend failed" title="Resend failed deliveries?" confirmLabel="Resend failed" tone="primary" onConfirm={recover}>
            <p>
              After your receiver was down, this sends every delivery that failed for good again, each under the message id it had, so
              your receiver can drop what it already has.
            </p>
            <HoursChoice id={`recover-${endpoint.id}`} label="Failed in" hours={RECOVER_HOURS} labelOf={recoverLabel} value={recoverHours} onChange={setRecoverHours} />
          </ConfirmDialog>
        ) : null}
        <ConfirmDialog triggerLabel="Rotate secret" title="Rotate the signing secret?" confirmLabel="Rotate secret" tone="primary" onConfirm={rotate}>
          <p>You get a new secret. For the overlap you choose, messages carry both signatures, so your receiver keeps working while you switch.</p>
          <HoursChoice id={`overlap-${endpoint.id}`} label="Old secret keeps signing for" hours={OVERLAPS} labelOf={overlapLabel} value={overlap} onChange={setOverlap} />
        </ConfirmDialog>
        <ConfirmDialog triggerLabel="Delete" triggerClassName={ui.buttonDangerOutline} title="Delete this endpoint?" confirmLabel="Delete endpoint" onConfirm={remove}>
          <p>
            Events stop going to <span className={styles.url}>{endpoint.url}</span>, pending deliveries are never sent, and the
            delivery history is deleted.
          </p>
        </ConfirmDialog>
      </div>
      {!endpoint.enabled ? <p className={ui.muted}>Enable the endpoint to send a test event, replay deliveries or resend failed ones.</p> : null}
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      {rotated ? (
        <SecretReveal
          secret={rotated.secret}
          title="New signing secret"
          note={`The old secret signs too until ${formatDateTime(rotated.until)}.`}
          onDone={() => {
            setRotated(null);
            router.refresh();
          }}
        />
      ) : null}
    </div>
  );
}

/** A labelled choice of a number of hours, as the recover and rotate dialogs ask for one. */
function HoursChoice(props: {
  id: string;
  label: string;
  hours: readonly number[];
  labelOf: (hours: number) => string;
  value: number;
  onChange: (hours: number) => void;
}) {
  return (
    <>
      <label className={ui.label} htmlFor={props.id}>
        {props.label}
      </label>
      <select id={props.id} className={ui.select} value={props.value} onChange={(e) => props.onChange(Number(e.target.value))}>
        {props.hours.map((h) => (
          <option key={h} value={h}>
            {props.labelOf(h)}
          </option>
        ))}
      </select>
    </>
  );
}
