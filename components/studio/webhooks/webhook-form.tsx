"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { WEBHOOK_SUBSCRIBABLE_EVENT_TYPES } from "@/db/enums";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import type { ActionFailure } from "@/lib/actions/define-action";
import { createWebhookAction, updateWebhookAction } from "@/lib/actions/studio/webhooks";
import { webhookCreateSchema, type WebhookEndpointView } from "@/lib/webhook-endpoints/schemas";
import { SecretReveal } from "./secret-reveal";
import { EVENT_LABELS } from "./webhook-labels";
import { useWebhookFailure } from "./use-webhook-failure";
import styles from "./webhooks.module.css";

const FIELDS = ["url", "description", "eventTypes"] as const;
type SubscribableType = (typeof WEBHOOK_SUBSCRIBABLE_EVENT_TYPES)[number];
type FormInput = { url: string; description: string; eventTypes: SubscribableType[] };

/**
 * Adds an endpoint (then shows its secret once) or, given `endpoint`, edits it. The same schemas as
 * the API validate here and again on the server.
 */
export function WebhookForm({ endpoint }: { endpoint?: WebhookEndpointView }) {
  const editing = Boolean(endpoint);
  const defaults: FormInput = {
    url: endpoint?.url ?? "",
    description: endpoint?.description ?? "",
    eventTypes: (endpoint?.eventTypes ?? []).filter((t): t is SubscribableType => t !== "webhook.test"),
  };
  const form = useForm<FormInput, unknown, z.output<typeof webhookCreateSchema>>({
    // Editing shows every field, so the create schema checks the form; the server reads it as a PATCH.
    resolver: zodResolver(webhookCreateSchema) as unknown as Resolver<FormInput, unknown, z.output<typeof webhookCreateSchema>>,
    defaultValues: defaults,
  });
  const router = useRouter();
  const [secret, setSecret] = useState<{ id: string; value: string } | null>(null);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const describe = useWebhookFailure();
  const { errors, isSubmitting } = form.formState;
  const prefix = editing ? "edit-webhook" : "new-webhook";

  function refuse(failure: ActionFailure) {
    for (const field of FIELDS) {
      const text = failure.fieldErrors?.[field];
      if (text) form.setError(field, { type: "server", message: text });
    }
    setMessage({ tone: "error", text: describe(failure) });
  }

  const onSubmit = form.handleSubmit(async (input) => {
    setMessage(null);
    if (endpoint) {
      const result = await updateWebhookAction({ endpointId: endpoint.id, url: input.url, description: input.description ?? null, eventTypes: input.eventTypes });
      if (!result.ok) return refuse(result);
      setMessage({ tone: "success", text: "Saved." });
      router.refresh();
      return;
    }
    const result = await createWebhookAction(input);
    if (!result.ok) return refuse(result);
    form.reset(defaults);
    setSecret({ id: result.data.id, value: result.data.secret });
  });

  return (
    <div className={ui.stack}>
      <form className={ui.stack} onSubmit={onSubmit} noValidate aria-labelledby={`${prefix}-heading`}>
        <h2 id={`${prefix}-heading`} style={{ margin: 0 }}>
          {editing ? "Edit endpoint" : "Add an endpoint"}
        </h2>
        <Field id={`${prefix}-url`} label="URL" hint="Where we send the events: an https:// address on a public host." error={errors.url?.message}>
          {(a11y) => <input {...a11y} {...form.register("url")} className={ui.input} type="url" inputMode="url" autoComplete="off" spellCheck={false} />}
        </Field>
        <Field id={`${prefix}-description`} label="Description (optional)" hint="What receives them, e.g. “CRM sync”." error={errors.description?.message}>
          {(a11y) => <input {...a11y} {...form.register("description")} className={ui.input} type="text" maxLength={200} />}
        </Field>
        <fieldset className={styles.events} aria-describedby={errors.eventTypes ? `${prefix}-events-error` : undefined}>
          <legend>Events</legend>
          {WEBHOOK_SUBSCRIBABLE_EVENT_TYPES.map((type) => (
            <label key={type} className={styles.check}>
              <input type="checkbox" value={type} {...form.register("eventTypes")} />
              <span>
                {EVENT_LABELS[type]} <code>{type}</code>
              </span>
            </label>
          ))}
        </fieldset>
        {errors.eventTypes ? (
          <p className={ui.fieldError} id={`${prefix}-events-error`}>
            {errors.eventTypes.message ?? "Choose at least one event"}
          </p>
        ) : null}
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
        <div>
          <button type="submit" className={ui.button} disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : editing ? "Save changes" : "Add endpoint"}
          </button>
        </div>
      </form>
      {secret ? (
        <SecretReveal
          key={secret.id}
          secret={secret.value}
          title="Endpoint added"
          note="Send a test event from the endpoint's page to check your receiver."
          onDone={() => {
            setSecret(null);
            router.refresh();
          }}
        />
      ) : null}
    </div>
  );
}
