import { zodResolver } from "@hookform/resolvers/zod";
import { reviewReportSubmissionSchema } from "@/lib/reviews/report-schemas";

// Its own module so that the browser loads zod and the schema only when the form is first checked.
export const reviewReportSchemaResolver = zodResolver(reviewReportSubmissionSchema);
