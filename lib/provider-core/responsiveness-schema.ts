import { z } from "@/lib/validation/zod";

/** How quickly a provider answers inquiries (extensions §3), on the public profile and the full listing. */
export const responsivenessSchema = z
  .object({
    medianHours: z.number().meta({
      description:
        "Median hours from delivery to first response over the sample; an inquiry not answered yet counts the hours it has waited so far",
    }),
    respondedShare: z.number().min(0).max(1).meta({ description: "Answered ÷ sample (an inquiry is answered once it first leaves NEW)" }),
    sample: z.number().int().meta({ description: "Inquiries delivered in the last 90 days, less those the provider marked SPAM" }),
  })
  .nullable()
  .meta({
    id: "Responsiveness",
    description:
      "How quickly the provider answers, over the inquiries delivered in the last 90 days that it did not mark `SPAM` (spam counts neither as answered nor as waiting): the median hours from delivery to first response (`firstResponseAt`, when an inquiry first leaves NEW; one not answered yet counts the hours it has waited so far), the share answered, and how many there were (the sample). Null while the sample is under 5. Computed by the registry (refreshed at least hourly); a provider cannot set it.",
  });
export type Responsiveness = z.output<typeof responsivenessSchema>;
