"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { setProviderApprovalInputSchema, setProviderFeaturedInputSchema } from "@/lib/providers/admin-schemas";
import { setProviderApproval } from "@/lib/providers/set-provider-approval";
import { setProviderFeatured } from "@/lib/providers/set-provider-featured";

export const setProviderFeaturedAction = defineAction(
  { name: "admin.provider.set-featured", input: setProviderFeaturedInputSchema, auth: "admin" },
  async ({ db, input, caller }) => {
    const result = await setProviderFeatured(db, { ...input, actor: caller.actor });
    revalidateProvider(result.slug);
    return result;
  },
);

/** Approve, suspend or reinstate; a suspension hides the provider from the public at once. */
export const setProviderApprovalAction = defineAction(
  { name: "admin.provider.set-approval", input: setProviderApprovalInputSchema, auth: "admin" },
  async ({ db, input, caller }) => {
    const result = await setProviderApproval(db, { ...input, actor: caller.actor });
    revalidateProvider(result.slug);
    return result;
  },
);

function revalidateProvider(slug: string): void {
  revalidatePath("/admin/providers");
  revalidatePath(`/admin/providers/${slug}`);
}
