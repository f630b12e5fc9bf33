import type { AnalyticsDay } from "@/lib/analytics/schemas";

const COLUMNS: [keyof AnalyticsDay, string][] = [
  ["searchAppearances", "In search results"],
  ["profileViews", "Profile views"],
  ["uniqueVisitors", "Visitors"],
  ["websiteClicks", "Website clicks"],
  ["contactOpens", "Contact form opened"],
  ["inquiriesSubmitted", "Inquiries sent"],
  ["inquiriesDelivered", "Inquiries delivered"],
  ["inquiriesAnswered", "Inquiries answered"],
];

/** Every day's numbers: the chart's text alternative, newest first. */
export function AnalyticsDayTable({ days, id }: { days: AnalyticsDay[]; id: string }) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="cards-on-phone">
        <caption id={id}>Counts per day (UTC), newest first</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {COLUMNS.map(([key, label]) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((d) => (
            <tr key={d.date}>
              <th scope="row">
                <time dateTime={d.date}>{d.date}</time>
                {d.partial ? " (today, so far)" : ""}
              </th>
              {COLUMNS.map(([key, label]) => (
                <td key={key} data-label={label}>
                  {String(d[key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
