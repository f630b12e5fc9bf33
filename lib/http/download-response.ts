// File downloads: a stored zip and a CSV streamed from text chunks. Attachments, never cached by a
// shared cache, never sniffed as something else.

function attachmentHeaders(type: string, filename: string): Record<string, string> {
  return {
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
}

/** A READY archive as the download answers it (the API route and the studio's). */
export function zipResponse(file: { bytes: Uint8Array; filename: string }): Response {
  return new Response(new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }), {
    status: 200,
    headers: { ...attachmentHeaders("application/zip", file.filename), "Content-Length": String(file.bytes.byteLength) },
  });
}

/** A CSV written chunk by chunk as the client reads, so a large one is never one string in memory. */
export function csvStreamResponse(file: { chunks: Iterable<string>; filename: string }): Response {
  const iterator = file.chunks[Symbol.iterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  return new Response(body, { status: 200, headers: attachmentHeaders("text/csv; charset=utf-8", file.filename) });
}
