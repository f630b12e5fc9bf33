import type { Responsiveness } from "@/lib/provider-core/responsiveness-schema";

function within(hours: number): string {
  if (hours < 1) return "within an hour";
  return hours < 48 ? `within ${Math.ceil(hours)} hours` : `within ${Math.ceil(hours / 24)} days`;
}

/**
 * "Usually answers within 5 hours · answered 9 of 10 inquiries in the last 90 days" while at least half
 * were answered (the median is then a response time), "Answered 2 of 6 inquiries in the last 90 days"
 * when fewer were (the median is then mostly time spent waiting, not a speed to boast), or nothing
 * while the sample is small.
 */
export function describeResponsiveness(r: Responsiveness): string | null {
  if (!r) return null;
  const answered = Math.round(r.respondedShare * r.sample);
  const window = `${r.sample} inquiries in the last 90 days`;
  if (answered === 0) return `Has not answered any of its ${window}`;
  if (answered * 2 < r.sample) return `Answered ${answered} of ${window}`;
  return `Usually answers ${within(r.medianHours)} · answered ${answered} of ${window}`;
}

export function ResponsivenessNote({ responsiveness, className }: { responsiveness: Responsiveness; className?: string }) {
  const text = describeResponsiveness(responsiveness);
  return text ? <p className={className}>{text}</p> : null;
}
