import { useId } from "react";
import { formatDateTime } from "@/components/ui/format";
import { LabelWithDetail } from "@/components/ui/label-with-detail";
import type { AuditEventListItem } from "@/lib/audit/list-audit-events";
import type { InquiryName } from "@/lib/inquiries/inquiry-names";
import { describeAction, describeActor, describeTarget } from "./describe-audit-event";

/**
 * A page of the audit trail: when, who, what and on what; on phones each event is a card headed by what
 * happened. `inquiries` names the inquiries the page's events mention (lib/inquiries/inquiry-names.ts).
 */
export function ActivityTable({
  events,
  caption,
  inquiries,
}: {
  events: AuditEventListItem[];
  caption: string;
  inquiries?: ReadonlyMap<string, InquiryName>;
}) {
  const captionId = useId();
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="cards-on-phone">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <td data-label="When">
                <time dateTime={event.createdAt.toISOString()}>{formatDateTime(event.createdAt)}</time>
              </td>
              <td data-label="Who">
                <LabelWithDetail label={describeActor(event.actor)} />
              </td>
              <th scope="row">{describeAction(event.action)}</th>
              <td data-label="Details">{describeTarget(event, inquiries)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
