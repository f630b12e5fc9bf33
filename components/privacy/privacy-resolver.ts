import { zodResolver } from "@hookform/resolvers/zod";
import { privacyRequestSubmissionSchema } from "@/lib/privacy/schemas";

// Its own module so that the browser loads zod and the schema only when the form is first checked.
export const privacySchemaResolver = zodResolver(privacyRequestSubmissionSchema);
