import type { oas31 } from "zod-openapi";

// Reading the generated JSON schemas for people: $ref resolution, type labels, constraint lists
// and a flat list of fields (nested objects as dotted names).

export type Doc = oas31.OpenAPIObject;
export type AnySchema = oas31.SchemaObject | oas31.ReferenceObject;

export function isRef(value: unknown): value is oas31.ReferenceObject {
  return typeof value === "object" && value !== null && "$ref" in value;
}

export function refName(ref: string): string {
  return ref.split("/").pop() ?? ref;
}

export function schemaAnchor(name: string): string {
  return `schema-${name.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase()}`;
}

/** Follows a local $ref ("#/components/...") to its target; returns undefined when it does not resolve. */
export function resolveRef<T>(doc: Doc, value: T | oas31.ReferenceObject): T | undefined {
  if (!isRef(value)) return value;
  if (!value.$ref.startsWith("#/")) return undefined;
  let node: unknown = doc;
  for (const part of value.$ref.slice(2).split("/")) {
    const key = part.replaceAll("~1", "/").replaceAll("~0", "~");
    if (typeof node !== "object" || node === null || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node as T;
}

export function resolveSchema(doc: Doc, schema: AnySchema | undefined): oas31.SchemaObject {
  if (!schema) return {};
  return resolveRef<oas31.SchemaObject>(doc, schema) ?? {};
}

/** Splits `T | null` into T and a nullable flag (3.1 renders nullables as anyOf [T, {type: null}]). */
export function unwrapNullable(schema: AnySchema): { schema: AnySchema; nullable: boolean } {
  if (isRef(schema)) return { schema, nullable: false };
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length === 2) {
    const nonNull = branches.filter((b) => isRef(b) || b.type !== "null");
    if (nonNull.length === 1 && nonNull[0]) return { schema: nonNull[0], nullable: true };
  }
  if (Array.isArray(schema.type) && schema.type.includes("null")) {
    return { schema: { ...schema, type: schema.type.filter((t) => t !== "null") }, nullable: true };
  }
  return { schema, nullable: false };
}

/** Type label parts: plain words, or a component name the page links to. */
export type TypePart = { text: string } | { ref: string };

export function typeParts(schema: AnySchema | undefined): TypePart[] {
  if (!schema) return [{ text: "any" }];
  if (isRef(schema)) return [{ ref: refName(schema.$ref) }];
  const { schema: inner, nullable } = unwrapNullable(schema);
  if (nullable) return [...typeParts(inner), { text: " or null" }];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.flatMap((b, i) => [...(i ? [{ text: " or " }] : []), ...typeParts(b)]);
  if (schema.const !== undefined) return [{ text: JSON.stringify(schema.const) }];
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : schema.type;
  if (type === "array") return [{ text: "array of " }, ...typeParts(schema.items)];
  const base = type ?? (schema.properties ? "object" : "any");
  return [{ text: schema.format ? `${base} (${schema.format})` : base }];
}

/** Human-readable constraints: length, range, allowed values, default. */
export function constraints(schema: AnySchema | undefined): string[] {
  if (!schema || isRef(schema)) return [];
  const { schema: inner, nullable } = unwrapNullable(schema);
  if (nullable) return constraints(inner);
  const out: string[] = [];
  const s = schema;
  if (s.enum) out.push(`one of: ${s.enum.map(String).join(", ")}`);
  if (s.minLength !== undefined) out.push(`min length ${s.minLength}`);
  if (s.maxLength !== undefined) out.push(`max length ${s.maxLength}`);
  if (s.minimum !== undefined) out.push(`minimum ${s.minimum}`);
  if (s.maximum !== undefined) out.push(`maximum ${s.maximum}`);
  if (s.minItems !== undefined) out.push(`at least ${s.minItems} items`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} items`);
  if (s.uniqueItems) out.push("unique items");
  // Formats such as date-time come with long generated patterns; the format name says it better.
  if (s.pattern !== undefined && s.format === undefined) out.push(`pattern ${s.pattern}`);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  if (s.type === "array" && s.items && !isRef(s.items)) {
    out.push(...constraints(s.items).map((c) => `each item: ${c}`));
  }
  return out;
}

export interface FieldRow {
  name: string;
  type: TypePart[];
  required: boolean;
  constraints: string[];
  description?: string;
}

/** The fields of an object schema; inline nested objects (and arrays of them) become dotted rows. */
export function fieldRows(doc: Doc, schema: AnySchema | undefined, prefix = ""): FieldRow[] {
  const object = resolveSchema(doc, schema);
  const required = new Set(object.required ?? []);
  const rows: FieldRow[] = [];
  for (const [name, property] of Object.entries(object.properties ?? {})) {
    const resolved = resolveSchema(doc, property);
    rows.push({
      name: `${prefix}${name}`,
      type: typeParts(property),
      required: required.has(name),
      constraints: constraints(property),
      description: resolved.description,
    });
    if (isRef(property)) continue;
    const { schema: inner } = unwrapNullable(property);
    if (isRef(inner)) continue;
    if (inner.properties) rows.push(...fieldRows(doc, inner, `${prefix}${name}.`));
    else if (inner.type === "array" && inner.items && !isRef(inner.items) && inner.items.properties) {
      rows.push(...fieldRows(doc, inner.items, `${prefix}${name}[].`));
    }
  }
  return rows;
}
