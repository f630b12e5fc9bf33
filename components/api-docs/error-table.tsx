import type { ErrorCatalogueEntry } from "@/lib/openapi/guide";
import { Inline } from "./markdown";

/** Every error code; each row is the target of the problem `type` URI of its code. */
export function ErrorTable({ entries }: { entries: ErrorCatalogueEntry[] }) {
  return (
    <div className="table-scroll" tabIndex={0}>
      <table>
        <caption>Error codes</caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Status</th>
            <th scope="col">Title</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.code} id={e.anchor}>
              <th scope="row">
                <code>{e.code}</code>
              </th>
              <td>{e.status}</td>
              <td>{e.title}</td>
              <td>
                <Inline text={e.meaning} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
