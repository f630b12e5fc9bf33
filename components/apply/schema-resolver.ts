import { zodResolver } from "@hookform/resolvers/zod";
import { applyFormSchema } from "@/lib/applications/schemas";

// Its own module so that the browser loads zod and the schema on demand (form-model.ts).
export const schemaResolver = zodResolver(applyFormSchema);
