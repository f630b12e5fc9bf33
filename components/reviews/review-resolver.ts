import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import { reviewEditFormSchema, reviewWriteFormSchema } from "@/lib/reviews/review-writing-schemas";

// Its own module so that the browser loads zod and the schemas only when the form is first checked.
// The form schemas start with a preprocess (form strings → the API's types), whose input zod types as
// `unknown`; the form hands it a plain record of field values.
type FormSchema = z.ZodType<FieldValues, FieldValues>;
export const reviewWriteResolver = zodResolver(reviewWriteFormSchema as unknown as FormSchema);
export const reviewEditResolver = zodResolver(reviewEditFormSchema as unknown as FormSchema);
