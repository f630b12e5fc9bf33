import { codeNameInWords, listingFieldLabel } from "@/components/ui/listing-field-labels";

// The audit trail's Details column in words: each metadata key as words ("requested value", not
// "requestedValue"), and listing fields named as the studio's activity log names them ("website,
// logo"). Values stay as recorded (emails, slugs, dates), lists joined with commas.

function valueInWords(key: string, value: unknown): string {
  if (Array.isArray(value)) {
    const items = value.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
    return (key === "fields" ? items.map(listingFieldLabel) : items).join(", ");
  }
  if (typeof value === "string") return key === "field" ? listingFieldLabel(value.toLowerCase()) : value;
  return JSON.stringify(value);
}

/** One line per metadata entry: "fields: website, logo", "requested value: acme-studio". */
export function describeAuditDetails(metadata: Record<string, unknown>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${codeNameInWords(key)}: ${valueInWords(key, value)}`)
    .join("\n");
}
