import type { oas31 } from "zod-openapi";
import { curlExample } from "./curl";
import { FieldsTable, TypeLabel } from "./fields-table";
import { Inline, Markdown } from "./markdown";
import { constraints, fieldRows, resolveRef, resolveSchema, typeParts, type Doc } from "./schema";

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export function operationAnchor(op: oas31.OperationObject, method: string, path: string): string {
  return `op-${op.operationId ?? `${method}-${path.replace(/[^A-Za-z0-9]+/g, "-")}`}`;
}

function Parameters({ doc, op }: { doc: Doc; op: oas31.OperationObject }) {
  const parameters = (op.parameters ?? [])
    .map((p) => resolveRef<oas31.ParameterObject>(doc, p))
    .filter((p): p is oas31.ParameterObject => p !== undefined);
  if (parameters.length === 0) return null;
  return (
    <>
      <h4>Parameters</h4>
      <div className="table-scroll" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">In</th>
              <th scope="col">Type</th>
              <th scope="col">Required</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {parameters.map((p) => {
              const rules = constraints(p.schema);
              return (
                <tr key={`${p.in}-${p.name}`}>
                  <th scope="row">
                    <code>{p.name}</code>
                  </th>
                  <td>{p.in}</td>
                  <td>
                    <TypeLabel parts={typeParts(p.schema)} />
                    {rules.length > 0 ? ` (${rules.join("; ")})` : null}
                  </td>
                  <td>{p.required ? "yes" : "no"}</td>
                  <td>{p.description ?? resolveSchema(doc, p.schema).description}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

function RequestBody({ doc, op }: { doc: Doc; op: oas31.OperationObject }) {
  const body = op.requestBody ? resolveRef<oas31.RequestBodyObject>(doc, op.requestBody) : undefined;
  const media = body?.content["application/json"];
  if (!media) return null;
  return (
    <>
      <h4>Request body</h4>
      <p>
        <code>application/json</code>: <TypeLabel parts={typeParts(media.schema)} />
      </p>
      <FieldsTable caption="Request body fields" rows={fieldRows(doc, media.schema)} />
    </>
  );
}

function Responses({ doc, op }: { doc: Doc; op: oas31.OperationObject }) {
  const entries = Object.entries(op.responses ?? {}).filter(([status]) => /^\d{3}$|^default$/.test(status));
  return (
    <>
      <h4>Responses</h4>
      <div className="table-scroll" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Description</th>
              <th scope="col">Body</th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([status, value]) => {
              const response = resolveRef<oas31.ResponseObject>(doc, value as oas31.ResponseObject);
              const [mediaType, media] = Object.entries(response?.content ?? {})[0] ?? [];
              return (
                <tr key={status}>
                  <th scope="row">{status}</th>
                  <td>
                    <Inline text={response?.description ?? ""} />
                  </td>
                  <td>
                    {mediaType ? (
                      <>
                        <TypeLabel parts={typeParts(media?.schema)} /> <small>({mediaType})</small>
                      </>
                    ) : (
                      "none"
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function OperationSection({
  doc,
  method,
  path,
  op,
}: {
  doc: Doc;
  method: HttpMethod;
  path: string;
  op: oas31.OperationObject;
}) {
  const needsKey = (op.security ?? []).length > 0;
  return (
    <section className="operation" aria-labelledby={operationAnchor(op, method, path)}>
      <h3 id={operationAnchor(op, method, path)}>
        <span className={`method method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
        <span className="op-summary">{op.summary}</span>
      </h3>
      <p className="auth-note">{needsKey ? "Requires a provider API key." : "No authentication."}</p>
      <Markdown text={op.description} />
      <Parameters doc={doc} op={op} />
      <RequestBody doc={doc} op={op} />
      <Responses doc={doc} op={op} />
      <h4>Example</h4>
      <pre tabIndex={0}>
        <code>{curlExample(doc, method, path, op)}</code>
      </pre>
    </section>
  );
}
