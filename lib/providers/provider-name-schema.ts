import { nameSchema } from "@/lib/validation/text";

// A provider's name as typed: by the applicant (create-provider.ts) and in a name change request
// (lib/change-requests/). Kept apart from the domain functions so client code can import it.

/** The same rule as a new provider's name (create-provider.ts). */
export const providerNameSchema = nameSchema({ label: "Provider name", max: 200, required: "Enter a provider name" });
