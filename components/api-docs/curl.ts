import type { oas31 } from "zod-openapi";
import { resolveRef, type Doc } from "./schema";

function shellVar(name: string): string {
  return `$${name.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase()}`;
}

function exampleOf(parameter: oas31.ParameterObject): string | undefined {
  const schema = parameter.schema && !("$ref" in parameter.schema) ? parameter.schema : undefined;
  const example = parameter.example ?? schema?.example;
  return example === undefined ? undefined : String(example);
}

/**
 * A copy-pasteable curl command for one operation, relative to $BASE_URL (<origin>/api). Path
 * parameters use their example or a shell variable; query parameters appear when they have an
 * example, or on a write with no body, where they are the whole input (the verification token).
 */
export function curlExample(doc: Doc, method: string, path: string, op: oas31.OperationObject): string {
  const parameters = (op.parameters ?? [])
    .map((p) => resolveRef<oas31.ParameterObject>(doc, p))
    .filter((p): p is oas31.ParameterObject => p !== undefined);
  let url = path;
  for (const p of parameters.filter((p) => p.in === "path")) {
    url = url.replace(`{${p.name}}`, exampleOf(p) ?? shellVar(p.name));
  }
  const body = resolveRef<oas31.RequestBodyObject>(doc, op.requestBody ?? { content: {} });
  const jsonExample = body?.content["application/json"]?.example;
  const query = parameters
    .filter((p) => p.in === "query")
    .map((p) => [p.name, exampleOf(p) ?? (method !== "get" && jsonExample === undefined ? shellVar(p.name) : undefined)])
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([k, v]) => `${k}=${v.startsWith("$") ? v : encodeURIComponent(v)}`);
  if (query.length > 0) url += `?${query.join("&")}`;

  const lines = [`curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`} "$BASE_URL${url}"`];
  if (op.security && op.security.length > 0) lines.push(`-H "Authorization: Bearer $API_KEY"`);
  if (jsonExample !== undefined) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d '${JSON.stringify(jsonExample).replaceAll("'", `'\\''`)}'`);
  }
  return lines.join(" \\\n  ");
}
