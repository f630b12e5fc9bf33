import type { ReactNode } from "react";
import { errorAnchor } from "@/lib/openapi/guide";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";

// Just enough Markdown for the descriptions in the OpenAPI document: paragraphs, "- " lists,
// `code`, **bold** and [links](url). Rendered as React elements, so nothing is injected as HTML.

const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function isErrorCode(text: string): text is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, text);
}

function safeHref(href: string): string {
  return /^(https?:\/\/|\/|#)/.test(href) ? href : "#";
}

export function Inline({ text }: { text: string }): ReactNode {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const [, code, bold, label, href] = m;
    if (code !== undefined) {
      // Error codes link to their row in the error table.
      out.push(
        isErrorCode(code) ? (
          <a key={key++} href={`#${errorAnchor(code)}`}>
            <code>{code}</code>
          </a>
        ) : (
          <code key={key++}>{code}</code>
        ),
      );
    } else if (bold !== undefined) {
      out.push(<strong key={key++}>{bold}</strong>);
    } else if (label !== undefined && href !== undefined) {
      out.push(
        <a key={key++} href={safeHref(href)}>
          {label}
        </a>,
      );
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ text }: { text: string | undefined }): ReactNode {
  if (!text) return null;
  const blocks = text.split(/\n\s*\n/).map((b) => b.split("\n").filter((l) => l.trim() !== ""));
  return blocks
    .filter((lines) => lines.length > 0)
    .map((lines, i) =>
      lines.every((l) => l.startsWith("- ")) ? (
        <ul key={i}>
          {lines.map((l, j) => (
            <li key={j}>
              <Inline text={l.slice(2)} />
            </li>
          ))}
        </ul>
      ) : (
        <p key={i}>
          <Inline text={lines.join(" ")} />
        </p>
      ),
    );
}
