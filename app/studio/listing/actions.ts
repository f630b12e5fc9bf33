"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import type { StudioContext } from "@/lib/auth/studio-context";
import { identityChangeRequestSchema, withdrawIdentityChangeSchema } from "@/lib/providers/identity-change-schema";
import { requestIdentityChange } from "@/lib/providers/request-identity-change";
import { listingUpdateSchema } from "@/lib/providers/schemas";
import type { Listing } from "@/lib/providers/serialize";
import { publishListing, unpublishListing } from "@/lib/providers/set-listing-visibility";
import { updateListing } from "@/lib/providers/update-listing";
import { withdrawIdentityChange } from "@/lib/providers/withdraw-identity-change";

const PAGE = "/studio/listing";
const noInput = z.strictObject({});

// The public pages render per request; revalidating them also drops any copy in the browsers' router cache.
function revalidateListing(listing: Listing): void {
  revalidatePath(PAGE);
  revalidatePath("/providers");
  revalidatePath(`/providers/${listing.slug}`);
}

function owned(studio: StudioContext) {
  return { providerId: studio.provider.id, actor: studio.actor, actorRole: studio.member.role };
}

/** Saves the listing fields the API's PATCH accepts, with the API's own rules. */
export const updateListingAction = defineAction(
  { name: "listing.update", input: listingUpdateSchema, auth: "studio-write" },
  async ({ db, input, studio }) => {
    const listing = await updateListing(db, { ...owned(studio), changes: input });
    revalidateListing(listing);
    return listing;
  },
);

/** Publishes; the studio refuses a listing without a headline or description. */
export const publishListingAction = defineAction(
  { name: "listing.publish", input: noInput, auth: "studio-write" },
  async ({ db, studio }) => {
    const listing = await publishListing(db, { ...owned(studio), requireComplete: true });
    revalidateListing(listing);
    return listing;
  },
);

export const unpublishListingAction = defineAction(
  { name: "listing.unpublish", input: noInput, auth: "studio-write" },
  async ({ db, studio }) => {
    const listing = await unpublishListing(db, owned(studio));
    revalidateListing(listing);
    return listing;
  },
);

/** Asks an admin to change the name or slug. */
export const requestIdentityChangeAction = defineAction(
  { name: "listing.request-change", input: identityChangeRequestSchema, auth: "studio-write" },
  async ({ db, input, studio, user }) => {
    const request = await requestIdentityChange(db, { ...owned(studio), request: input, userId: user.id });
    revalidatePath(PAGE);
    return request;
  },
);

export const withdrawIdentityChangeAction = defineAction(
  { name: "listing.withdraw-change", input: withdrawIdentityChangeSchema, auth: "studio-write" },
  async ({ db, input, studio }) => {
    const request = await withdrawIdentityChange(db, { ...owned(studio), requestId: input.requestId });
    revalidatePath(PAGE);
    return request;
  },
);
