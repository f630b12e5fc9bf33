// Requests Playwright's client cannot make: any method (TRACE), a chosen source address (every
// 127.x.y.z reaches a server on 127.0.0.1 under Linux, so each test can be a client of its own), a
// Content-Length larger than the body actually sent, and chunked bodies of any size that stop
// being sent as soon as the server answers. HTTP/1.1 over a plain socket: Node.js's own client
// drops an answer that arrives before it has finished sending, when the server then closes.
import net from "node:net";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes of the body written before the answer arrived. */
  sent: number;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send the body as `chunks` chunks of `chunkBytes`, without Content-Length, until the server answers. */
  chunked?: { chunks: number; chunkBytes: number };
  /** Declare this Content-Length but send only `body` (or nothing), then wait for the answer. */
  declaredLength?: number;
  localAddress?: string;
  /** The server's port on 127.0.0.1; E2E_PORT when absent. */
  port?: number;
}

export function rawRequest(r: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const port = r.port ?? E2E_PORT;
    const headers: Record<string, string> = { host: `127.0.0.1:${port}`, connection: "close", ...r.headers };
    if (r.chunked) headers["transfer-encoding"] = "chunked";
    else if (r.declaredLength !== undefined) headers["content-length"] = String(r.declaredLength);
    else if (r.body !== undefined) headers["content-length"] = String(Buffer.byteLength(r.body));
    const head = `${r.method ?? "GET"} ${r.path} HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("")}\r\n`;

    const socket = net.connect({ host: "127.0.0.1", port, localAddress: r.localAddress });
    let received: Buffer = Buffer.alloc(0);
    let sent = 0;
    let answered = false;
    let settled = false;
    const finish = () => {
      if (settled) return;
      const text = received.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) return reject(new Error(`no answer to ${r.method} ${r.path} (${sent} bytes sent)`));
      settled = true;
      const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
      const answerHeaders: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        answerHeaders[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let body: Buffer = received.subarray(Buffer.byteLength(text.slice(0, end + 4), "latin1"));
      if (/chunked/i.test(answerHeaders["transfer-encoding"] ?? "")) body = dechunk(body);
      resolve({ status: Number(statusLine!.split(" ")[1]), headers: answerHeaders, body: body.toString("utf8"), sent });
      socket.destroy();
    };
    socket.on("data", (data) => {
      received = Buffer.concat([received, data]);
      if (!answered && received.includes("\r\n\r\n")) answered = true;
    });
    socket.on("end", finish);
    socket.on("close", finish);
    // A server that answers before reading the whole body may reset the connection under us.
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    socket.on("connect", () => {
      socket.write(head);
      if (r.chunked) {
        const chunk = Buffer.concat([Buffer.from(`${r.chunked.chunkBytes.toString(16)}\r\n`), Buffer.alloc(r.chunked.chunkBytes, "a"), Buffer.from("\r\n")]);
        let left = r.chunked.chunks;
        // One chunk per turn of the event loop: an answer already on the socket is read (and stops the
        // pump) before the next chunk goes, however fast the machine empties the socket's buffers.
        const pump = () => {
          if (answered || socket.destroyed) return;
          if (left === 0) return void socket.write("0\r\n\r\n");
          left--;
          sent += r.chunked!.chunkBytes;
          if (socket.write(chunk)) setImmediate(pump);
          else socket.once("drain", () => setImmediate(pump));
        };
        pump();
      } else if (r.body !== undefined) {
        socket.write(r.body);
        sent += Buffer.byteLength(r.body);
      }
    });
  });
}

/** The body of a chunked answer. */
function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
