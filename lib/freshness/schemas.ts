import { z } from "@/lib/validation/zod";

/** The confirm link's button (a hidden field); the token's shape is checked by confirmListingByToken. */
export const confirmLinkFormSchema = z.object({
  token: z.string().optional().meta({ description: "The token from a freshness email's confirm link" }),
});
