import { z } from "@/lib/validation/zod";

/** How quickly a provider answers inquiries (extensions §3), on the public profile and the full listing. */
export const responsivenessSchema = z
  .object({
    medianHours: z.number(),
    respondedShare: z.number().min(0).max(1),
    sample: z.number().int(),
  })
  .nullable()
  .meta({
    id: "Responsiveness",
    description:
      "Over inquiries delivered in the last 90 days: the median hours from delivery to first response (an unanswered inquiry counts the hours it has waited so far), the share answered, and how many were delivered. Null while fewer than 5 were delivered. Computed by the registry; a provider cannot set it.",
  });
export type Responsiveness = z.output<typeof responsivenessSchema>;
