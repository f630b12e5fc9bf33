"use client";

import { useId, useState } from "react";
import { revokeApiKeyAction } from "@/lib/actions/studio/api-keys";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { LabelWithDetail } from "@/components/ui/label-with-detail";
import ui from "@/components/ui/ui.module.css";
import styles from "./api-keys.module.css";
import type { ApiKeyRowView } from "./key-view";
import { useActionFailure } from "./use-action-failure";

/**
 * The provider's keys. Revoking asks first; the row then moves to the revoked keys when the page
 * refreshes with the server's answer, and the outcome is announced here.
 */
export function ApiKeyTable(props: { caption: string; emptyText: string; keys: ApiKeyRowView[]; showActions: boolean }) {
  const captionId = useId();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const describeFailure = useActionFailure();

  async function revoke(key: ApiKeyRowView) {
    setMessage(null);
    const result = await revokeApiKeyAction({ keyId: key.id });
    if (!result.ok) setMessage({ tone: "error", text: describeFailure(result) });
    else setMessage({ tone: "success", text: `Revoked “${result.data.name}” (${result.data.prefix}…): it no longer works.` });
  }

  return (
    <div className={ui.stack}>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      {props.keys.length === 0 ? <p style={{ margin: 0 }}>{props.emptyText}</p> : null}
      <div hidden={props.keys.length === 0} className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="cards-on-phone">
          <caption id={captionId}>{props.caption}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Prefix</th>
              <th scope="col">Acts as</th>
              <th scope="col">Created by</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              <th scope="col">Status</th>
              {props.showActions ? (
                <th scope="col">
                  <span className={ui.visuallyHidden}>Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {props.keys.map((key) => (
              <tr key={key.id} className={key.revoked ? styles.revoked : undefined}>
                <th scope="row">{key.name}</th>
                <td data-label="Prefix">
                  <code>{key.prefix}…</code>
                </td>
                <td data-label="Acts as">{key.role}</td>
                <td data-label="Created by">
                  <LabelWithDetail label={key.createdBy} />
                </td>
                <td data-label="Created">{key.createdAt}</td>
                <td data-label="Last used">{key.lastUsedAt}</td>
                <td data-label="Expires">{key.expiresAt}</td>
                <td data-label="Status">
                  <Badge tone={key.status.tone}>{key.status.label}</Badge>
                </td>
                {props.showActions ? (
                  <td className={styles.actions}>
                    {key.canRevoke ? (
                      <ConfirmDialog
                        triggerLabel="Revoke"
                        triggerAriaLabel={`Revoke ${key.name} (${key.prefix}…)`}
                        title={`Revoke “${key.name}”?`}
                        confirmLabel="Revoke key"
                        onConfirm={() => revoke(key)}
                      >
                        <p>
                          Anything using <code>{key.prefix}…</code> is refused from its very next request. This cannot be
                          undone; create a new key if you need one again.
                        </p>
                      </ConfirmDialog>
                    ) : key.revoked ? null : (
                      <span className={ui.muted}>Only an owner can revoke this key</span>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
