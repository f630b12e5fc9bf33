import type { ReactNode } from "react";
import { schemaAnchor, type FieldRow, type TypePart } from "./schema";

export function TypeLabel({ parts }: { parts: TypePart[] }): ReactNode {
  return parts.map((part, i) =>
    "ref" in part ? (
      <a key={i} href={`#${schemaAnchor(part.ref)}`}>
        {part.ref}
      </a>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  );
}

export function FieldsTable({ caption, rows }: { caption: string; rows: FieldRow[] }) {
  if (rows.length === 0) return <p>No fields.</p>;
  return (
    <div className="table-scroll" tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Rules</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">
                <code>{row.name}</code>
              </th>
              <td>
                <TypeLabel parts={row.type} />
              </td>
              <td>{row.required ? "yes" : "no"}</td>
              <td>{row.constraints.join("; ")}</td>
              <td>{row.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
