import { zodResolver } from "@hookform/resolvers/zod";
import { listingReportSubmissionSchema } from "@/lib/listing-reports/schemas";

// Its own module so that the browser loads zod and the schema only when the form is first checked.
export const reportSchemaResolver = zodResolver(listingReportSubmissionSchema);
