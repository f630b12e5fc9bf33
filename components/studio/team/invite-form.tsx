"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { inviteMemberAction } from "@/lib/actions/studio/team";
import type { MemberRole } from "@/db/enums";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { INVITATION_TTL_DAYS, inviteMemberSchema, type InviteMemberInput } from "@/lib/members/schemas";
import styles from "./team.module.css";
import { assignableRoles, ROLE_LABELS } from "./team-view";
import { useTeamFailure } from "./use-team-failure";

/** Invites an existing user by email, validated with the same schema as the API and the action. */
export function InviteForm({ viewerRole }: { viewerRole: MemberRole }) {
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const describeFailure = useTeamFailure();
  const form = useForm<z.input<typeof inviteMemberSchema>, unknown, InviteMemberInput>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: "", role: "MEMBER" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setMessage(null);
    let result: Awaited<ReturnType<typeof inviteMemberAction>>;
    try {
      result = await inviteMemberAction(input);
    } catch {
      setMessage({ tone: "error", text: "We could not reach the server. Check your connection and try again." });
      return;
    }
    if (result.ok) {
      form.reset({ email: "", role: input.role });
      setMessage({
        tone: "success",
        text: `Invitation sent to ${result.data.email} as ${ROLE_LABELS[result.data.role].toLowerCase()}. It is valid for ${INVITATION_TTL_DAYS} days.${
          result.data.newAccount ? " They have never signed in: the link in the email signs them in and opens the invitation." : ""
        }`,
      });
      return;
    }
    const fieldErrors = Object.entries(result.fieldErrors ?? {});
    for (const [path, text] of fieldErrors) {
      if (path === "email" || path === "role") form.setError(path, { type: "server", message: text }, { shouldFocus: true });
    }
    if (fieldErrors.length === 0) setMessage({ tone: "error", text: describeFailure(result, input.email) });
  });

  return (
    <div className={ui.stack}>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      <form className={styles.inviteForm} onSubmit={onSubmit} noValidate aria-label="Invite a member">
        <Field
          id="invite-email"
          label="Email address"
          hint="Anyone: if they have never signed in, the invitation email's link creates their account."
          error={errors.email?.message}
        >
          {(a11y) => <input {...a11y} {...form.register("email")} className={ui.input} type="email" autoComplete="off" />}
        </Field>
        <Field id="invite-role" label="Role" error={errors.role?.message}>
          {(a11y) => (
            <select {...a11y} {...form.register("role")} className={ui.select}>
              {assignableRoles(viewerRole).map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div>
          <button type="submit" className={ui.button} disabled={isSubmitting}>
            {isSubmitting ? "Sending…" : "Send invitation"}
          </button>
        </div>
      </form>
    </div>
  );
}
