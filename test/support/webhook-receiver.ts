import { readFileSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { connect, type AddressInfo, type Socket } from "node:net";
import path from "node:path";
import type { TLSSocket } from "node:tls";

/**
 * Local stand-ins for webhook tests: a receiver that records every request byte for byte (and, over
 * TLS, the SNI name it was asked for), and a tiny HTTP CONNECT egress proxy. Both listen on loopback
 * and an ephemeral port.
 */

const TLS_DIR = path.join(import.meta.dirname, "webhook-tls");
/** A self-signed certificate for `webhooks.test` (valid 2000-2126), made with openssl for these tests. */
export const TEST_TLS = {
  cert: readFileSync(path.join(TLS_DIR, "cert.pem"), "utf8"),
  key: readFileSync(path.join(TLS_DIR, "key.pem"), "utf8"),
  hostname: "webhooks.test",
};

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
  /** The TLS server name the client sent (SNI), or null over plain HTTP. */
  servername: string | null;
}

export type ReceiverReply = (req: ReceivedRequest, res: ServerResponse) => void;

export interface Receiver {
  port: number;
  requests: ReceivedRequest[];
  /** TCP connections accepted, whether or not a request followed. */
  readonly connections: number;
  /** TLS handshakes begun, with the SNI name each asked for (null: none sent). */
  handshakes: (string | null)[];
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 (or `host`); `reply` answers each request once its body is read. */
export async function startReceiver(reply: ReceiverReply, options: { tls?: boolean; host?: string } = {}): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const handshakes: (string | null)[] = [];
  let connections = 0;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const socket = req.socket as Socket & Partial<Pick<TLSSocket, "servername">>;
      const entry: ReceivedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
        servername: options.tls ? (typeof socket.servername === "string" ? socket.servername : null) : null,
      };
      requests.push(entry);
      reply(entry, res);
    });
  };
  const server: Server = options.tls
    ? createHttpsServer(
        {
          cert: TEST_TLS.cert,
          key: TEST_TLS.key,
          SNICallback: (name, done) => {
            handshakes.push(name || null);
            done(null);
          },
        },
        onRequest,
      )
    : createHttpServer(onRequest);
  server.on("connection", () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, options.host ?? "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    get connections() {
      return connections;
    },
    handshakes,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ConnectProxy {
  url: string;
  /** Each CONNECT target (`host:port`) and its Proxy-Authorization header. */
  tunnels: { target: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/** A CONNECT-only proxy; with `refuse`, it answers that status instead of opening tunnels. */
export async function startConnectProxy(options: { refuse?: number } = {}): Promise<ConnectProxy> {
  const tunnels: ConnectProxy["tunnels"] = [];
  const sockets = new Set<Socket>();
  const server = createHttpServer((_req, res) => {
    res.writeHead(405).end();
  });
  server.on("connect", (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on("error", () => {});
    const target = req.url ?? "";
    tunnels.push({ target, authorization: req.headers["proxy-authorization"] });
    if (options.refuse) {
      client.end(`HTTP/1.1 ${options.refuse} Refused\r\n\r\n`);
      return;
    }
    const split = target.lastIndexOf(":");
    const upstream = connect(Number(target.slice(split + 1)), target.slice(0, split).replace(/^\[|\]$/g, ""), () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface FakeResolver {
  (hostname: string): Promise<{ address: string; family: 4 | 6 }[]>;
  /** Every name asked, in order. */
  asked: string[];
}

/**
 * A resolver answering from `answer(name, nth)` (nth: how many times that name was asked before), so a
 * test can make a name resolve one way at creation and another at delivery. An empty answer is NXDOMAIN.
 */
export function fakeResolver(answer: (hostname: string, nth: number) => string[] | Promise<string[]>): FakeResolver {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    const nth = asked.filter((name) => name === hostname).length;
    asked.push(hostname);
    const addresses = await answer(hostname, nth);
    if (addresses.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));
  };
  return Object.assign(resolve, { asked });
}
