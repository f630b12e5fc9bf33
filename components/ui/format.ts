// Dates in the studio and admin console: one format everywhere, in UTC so server and browser agree.
const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const DATE = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "—";
  return `${DATE_TIME.format(new Date(value))} UTC`;
}

export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "—";
  return DATE.format(new Date(value));
}
