import { useId } from "react";
import { formatDateTime } from "@/components/ui/format";
import type { ProviderExportView } from "@/lib/provider-exports/schemas";

const STATUS_LABELS: Record<ProviderExportView["status"], string> = {
  PENDING: "Being prepared",
  READY: "Ready",
  FAILED: "Failed",
  EXPIRED: "Expired (file deleted)",
};

function size(bytes: number | null): string {
  if (bytes === null) return "";
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The provider's exports, newest first; a READY one links to its download (the studio's own route). */
export function ExportTable({ exports }: { exports: ProviderExportView[] }) {
  const captionId = useId();
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="cards-on-phone">
        <caption id={captionId}>Exports of the last weeks, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Requested</th>
            <th scope="col">Status</th>
            <th scope="col">Format</th>
            <th scope="col">Available until</th>
            <th scope="col">File</th>
          </tr>
        </thead>
        <tbody>
          {exports.map((e) => (
            <tr key={e.id}>
              <th scope="row">
                <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
              </th>
              <td data-label="Status">{STATUS_LABELS[e.status]}</td>
              <td data-label="Format">{e.format.toUpperCase()}</td>
              <td data-label="Available until">{e.status === "READY" && e.expiresAt ? <time dateTime={e.expiresAt}>{formatDateTime(e.expiresAt)}</time> : "—"}</td>
              <td data-label="File">
                {e.status === "READY" ? (
                  <a href={`/studio/export/${e.id}`} download>
                    Download zip ({size(e.sizeBytes)})
                  </a>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
