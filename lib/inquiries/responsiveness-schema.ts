import { z } from "@/lib/validation/zod";

/** How quickly a provider answers inquiries (extensions §3), on the public profile and the full listing. */
export const responsivenessSchema = z
  .object({
    medianHours: z.number().nullable().meta({
      description: "Median hours from delivery to first response, over the answered inquiries of the sample; null while none was answered",
    }),
    respondedShare: z.number().min(0).max(1).meta({ description: "Answered ÷ sample (an inquiry is answered once it first leaves NEW)" }),
    sample: z.number().int().meta({ description: "Inquiries delivered in the last 90 days, those marked SPAM left out" }),
  })
  .nullable()
  .meta({
    id: "Responsiveness",
    description:
      "How quickly the provider answers, over inquiries delivered in the last 90 days that were not marked SPAM: the median hours from delivery to first response (`firstResponseAt`, when an inquiry first leaves NEW) over the answered ones, the share answered, and how many there were (the sample). Null while the sample is under 5. Computed by the registry; a provider cannot set it.",
  });
export type Responsiveness = z.output<typeof responsivenessSchema>;
