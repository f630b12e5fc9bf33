import { zodResolver } from "@hookform/resolvers/zod";
import { inquirySubmissionSchema } from "@/lib/inquiries/schemas";

// Its own module so that the browser loads zod and the schema only when the form is first checked.
export const contactSchemaResolver = zodResolver(inquirySubmissionSchema);
