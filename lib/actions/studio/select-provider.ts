"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { setStudioProviderCookie } from "@/lib/members/studio-context";
import { AppError } from "@/lib/errors";
import { listMembershipsForUser } from "@/lib/members/list-memberships-for-user";

const selectProviderSchema = z.object({ providerId: z.guid({ error: "Choose a provider" }) });

/** Chooses the provider the studio acts on; only one the person belongs to. */
export const selectProvider = defineAction(
  { name: "studio.select-provider", input: selectProviderSchema, auth: "user" },
  async ({ db, user, input }) => {
    const memberships = await listMembershipsForUser(db, { userId: user.id });
    if (!memberships.some((m) => m.provider.id === input.providerId)) {
      throw new AppError("NOT_FOUND", "You are not a member of that provider.");
    }
    await setStudioProviderCookie(input.providerId);
    redirect("/studio");
  },
);

/** The plain-form version (works without JavaScript): a form's action must return nothing. */
export async function selectProviderForm(form: FormData): Promise<void> {
  await selectProvider(form);
}
