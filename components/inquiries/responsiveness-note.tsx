import type { Responsiveness } from "@/lib/inquiries/schemas";

/**
 * "Usually answers within 5 hours · answered 9 of 10 inquiries in the last 90 days" (the median over the
 * answered ones, beside the share answered), "Has not answered any of its 6 inquiries …", or nothing
 * while the sample is small.
 */
export function describeResponsiveness(r: Responsiveness): string | null {
  if (!r) return null;
  const answered = Math.round(r.respondedShare * r.sample);
  if (r.medianHours === null) return `Has not answered any of its ${r.sample} inquiries in the last 90 days yet`;
  const hours = r.medianHours;
  const speed =
    hours < 1 ? "within an hour" : hours < 48 ? `within ${Math.ceil(hours)} hours` : `within ${Math.ceil(hours / 24)} days`;
  return `Usually answers ${speed} · answered ${answered} of ${r.sample} inquiries in the last 90 days`;
}

export function ResponsivenessNote({ responsiveness, className }: { responsiveness: Responsiveness; className?: string }) {
  const text = describeResponsiveness(responsiveness);
  return text ? <p className={className}>{text}</p> : null;
}
