"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { changeRequestSchema, withdrawChangeRequestSchema } from "@/lib/change-requests/change-request-schema";
import { createChangeRequest } from "@/lib/change-requests/create-change-request";
import { confirmOwnListing } from "@/lib/providers/confirm-own-listing";
import { listingUpdateSchema } from "@/lib/providers/schemas";
import type { Listing } from "@/lib/providers/serialize";
import { publishListing, unpublishListing } from "@/lib/providers/set-listing-visibility";
import { updateListing } from "@/lib/providers/update-listing";
import { withdrawChangeRequest } from "@/lib/change-requests/withdraw-change-request";

const PAGE = "/studio/listing";
const noInput = z.strictObject({});

// The public pages render per request; revalidating them also drops any copy in the browsers' router cache.
function revalidateListing(listing: Listing): void {
  revalidatePath(PAGE);
  revalidatePath("/providers");
  revalidatePath(`/providers/${listing.slug}`);
}


/** Saves the listing fields the API's PATCH accepts, with the API's own rules. */
export const updateListingAction = defineAction(
  { name: "listing.update", input: listingUpdateSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const listing = await updateListing(db, { providerId: studio.provider.id, caller, changes: input });
    revalidateListing(listing);
    return listing;
  },
);

/** Publishes; the studio refuses a listing without a headline or description. */
export const publishListingAction = defineAction(
  { name: "listing.publish", input: noInput, auth: "studio-write" },
  async ({ db, studio, caller }) => {
    const listing = await publishListing(db, { providerId: studio.provider.id, caller, requireComplete: true });
    revalidateListing(listing);
    return listing;
  },
);

export const unpublishListingAction = defineAction(
  { name: "listing.unpublish", input: noInput, auth: "studio-write" },
  async ({ db, studio, caller }) => {
    const listing = await unpublishListing(db, { providerId: studio.provider.id, caller });
    revalidateListing(listing);
    return listing;
  },
);

/** "Confirm details are current" (extensions §6): restarts the freshness clock, shows a stale-hidden listing again. */
export const confirmListingAction = defineAction(
  { name: "listing.confirm", input: noInput, auth: "studio-write" },
  async ({ db, studio, caller }) => {
    const listing = await confirmOwnListing(db, { providerId: studio.provider.id, caller });
    revalidateListing(listing);
    return listing;
  },
);

/** Asks an admin to change the name or slug. */
export const createChangeRequestAction = defineAction(
  { name: "listing.request-change", input: changeRequestSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const request = await createChangeRequest(db, { providerId: studio.provider.id, caller, request: input });
    revalidatePath(PAGE);
    return request;
  },
);

export const withdrawChangeRequestAction = defineAction(
  { name: "listing.withdraw-change", input: withdrawChangeRequestSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const request = await withdrawChangeRequest(db, { providerId: studio.provider.id, caller, requestId: input.requestId });
    revalidatePath(PAGE);
    return request;
  },
);
