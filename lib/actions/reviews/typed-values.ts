/**
 * What the reviewer typed into the review form, as the form holds it (the token left out), handed back
 * on a refusal so the page rendered after a script-less post keeps every answer.
 */
export function typedReviewValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (key.startsWith("$ACTION") || key === "token" || typeof value !== "string") continue;
    out[key] = value.slice(0, 10_000);
  }
  return out;
}
