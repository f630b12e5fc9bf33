import type { Metadata } from "next";
import type { oas31 } from "zod-openapi";
import { ErrorTable } from "@/components/api-docs/error-table";
import { Markdown } from "@/components/api-docs/markdown";
import { HTTP_METHODS, OperationSection, operationAnchor, type HttpMethod } from "@/components/api-docs/operation-section";
import { SchemaSection } from "@/components/api-docs/schema-section";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { ERRORS_INTRO, errorCatalogue, guideSections } from "@/lib/openapi/guide";

// Prerendered at build time; without this Next.js would tell shared caches to keep it a year (s-maxage
// 31536000), past the next release's assets. Five minutes, and the deploy purges it (docs/operations.md).
export const revalidate = 300;

export const metadata: Metadata = {
  title: "API reference",
  description:
    "Reference for the Provider Registry JSON API: public provider directory, interest applications, provider team and listing management, errors and limits.",
};

interface Operation {
  method: HttpMethod;
  path: string;
  op: oas31.OperationObject;
}

function operationsByTag(doc: oas31.OpenAPIObject): { tag: oas31.TagObject; operations: Operation[] }[] {
  const all: Operation[] = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const op = (item as oas31.PathItemObject)[method];
      return op ? [{ method, path, op }] : [];
    }),
  );
  return (doc.tags ?? []).map((tag) => ({ tag, operations: all.filter((o) => o.op.tags?.includes(tag.name)) }));
}

function tagAnchor(name: string): string {
  return `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

export default function ApiDocsPage() {
  const doc = buildOpenApiDocument();
  const groups = operationsByTag(doc);
  const sections = guideSections();
  const schemas = Object.entries(doc.components?.schemas ?? {});
  return (
    <article className="api-docs">
      <h1>{doc.info.title}</h1>
      <p className="lede">
        Version {doc.info.version}. A public registry of service providers (agencies and studios): list and read
        published providers, apply to join, and manage a provider&apos;s team and listing with a provider API key.
      </p>
      <p>
        The base address is <code>&lt;origin&gt;/api</code>; every path below is relative to it. The examples
        expect it in a shell variable, e.g. <code>export BASE_URL=http://localhost:3000/api</code>. The
        machine-readable description of the whole API is the OpenAPI 3.1 document at{" "}
        <a href="/api/openapi.json">/api/openapi.json</a>.
      </p>

      <nav aria-labelledby="toc-heading" className="toc">
        <h2 id="toc-heading">Contents</h2>
        <ul>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
          <li>
            <a href="#errors">Errors</a>
          </li>
          {groups.map(({ tag, operations }) => (
            <li key={tag.name}>
              <a href={`#${tagAnchor(tag.name)}`}>{tag.name}</a>
              <ul>
                {operations.map(({ method, path, op }) => (
                  <li key={`${method} ${path}`}>
                    <a href={`#${operationAnchor(op, method, path)}`}>
                      <code>
                        {method.toUpperCase()} {path}
                      </code>
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li>
            <a href="#schemas">Schemas</a>
          </li>
        </ul>
      </nav>

      {sections.map((s) => (
        <section key={s.id} aria-labelledby={s.id}>
          <h2 id={s.id}>{s.title}</h2>
          <Markdown text={s.markdown} />
        </section>
      ))}

      <section aria-labelledby="errors">
        <h2 id="errors">Errors</h2>
        <Markdown text={ERRORS_INTRO} />
        <ErrorTable entries={errorCatalogue()} />
      </section>

      {groups.map(({ tag, operations }) => (
        <section key={tag.name} aria-labelledby={tagAnchor(tag.name)}>
          <h2 id={tagAnchor(tag.name)}>{tag.name}</h2>
          <Markdown text={tag.description} />
          {operations.map(({ method, path, op }) => (
            <OperationSection key={`${method} ${path}`} doc={doc} method={method} path={path} op={op} />
          ))}
        </section>
      ))}

      <section aria-labelledby="schemas">
        <h2 id="schemas">Schemas</h2>
        {schemas.map(([name, schema]) => (
          <SchemaSection key={name} doc={doc} name={name} schema={schema} />
        ))}
      </section>
    </article>
  );
}
