import { FieldsTable, TypeLabel } from "./fields-table";
import { constraints, fieldRows, schemaAnchor, typeParts, type AnySchema, type Doc } from "./schema";

/** One component schema (a request or response body type), linked to from the operations. */
export function SchemaSection({ doc, name, schema }: { doc: Doc; name: string; schema: AnySchema }) {
  const s = "$ref" in schema ? undefined : schema;
  const rows = fieldRows(doc, schema);
  const rules = constraints(schema);
  return (
    <section className="schema" aria-labelledby={schemaAnchor(name)}>
      <h3 id={schemaAnchor(name)}>{name}</h3>
      {s?.description ? <p>{s.description}</p> : null}
      {s?.properties ? (
        <>
          {s.additionalProperties === false ? <p>Closed object: no fields other than these.</p> : null}
          <FieldsTable caption={`${name} fields`} rows={rows} />
        </>
      ) : (
        <p>
          Type: <TypeLabel parts={typeParts(schema)} />
          {rules.length > 0 ? ` (${rules.join("; ")})` : null}
        </p>
      )}
    </section>
  );
}
