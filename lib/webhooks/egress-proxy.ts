/**
 * An optional egress proxy for webhook deliveries (the future `WEBHOOK_PROXY_URL`), as the Standard
 * Webhooks specification recommends: the operator can send every delivery out through one filtering
 * proxy (smokescreen and the like) with a known source address, in a subnet that reaches nothing
 * internal.
 *
 * What is supported, deliberately small: an `http://` proxy (optionally `user:password@`, sent as
 * Basic `Proxy-Authorization`) that accepts HTTP CONNECT. Every delivery, `https:` or plain `http:`,
 * goes through a CONNECT tunnel to the ADDRESS the sender has just checked (`93.184.216.34:443`), not
 * to the name: a proxy asked for the name would resolve it again, reopening the rebinding gap that
 * pinning closes. TLS (with SNI and certificate checks for the name) and the `Host` header run inside
 * the tunnel, end to end, so the proxy sees neither the body nor the signature. Plain `http:` also
 * tunnels (no absolute-form requests) for the same reason; it only exists outside production anyway.
 * The proxy must therefore allow CONNECT to the receivers' ports (443, and any port webhook URLs use).
 * An `https://` proxy, SOCKS and PAC files are not supported.
 */
import { request } from "node:http";
import type { Socket } from "node:net";
import { AttemptFailure, errorCode } from "./attempt-failure";

export interface EgressProxy {
  host: string;
  port: number;
  /** The `Proxy-Authorization` header value, when the URL names a user. */
  authorization?: string;
}

/** Reads a proxy URL; throws a message fit for a start-up error, without echoing a password. */
export function parseEgressProxyUrl(raw: string): EgressProxy {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("The webhook proxy URL is not a URL; expected http://host:port");
  }
  if (url.protocol !== "http:") throw new Error(`The webhook proxy URL must start with http:// (an HTTP CONNECT proxy), not ${url.protocol}//`);
  if (url.pathname !== "/" || url.search || url.hash) throw new Error("The webhook proxy URL must be only http://[user:password@]host:port");
  const credentials = url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : null;
  return {
    host: url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname,
    port: url.port ? Number(url.port) : 80,
    ...(credentials ? { authorization: `Basic ${Buffer.from(credentials, "utf8").toString("base64")}` } : {}),
  };
}

/**
 * Opens a CONNECT tunnel through the proxy to `address:port` and resolves with the raw socket, ready
 * for TLS or HTTP. The socket is handed to `track` at once, so the caller can destroy it on timeout.
 */
export function openProxyTunnel(proxy: EgressProxy, address: string, port: number, track: (socket: Socket) => void): Promise<Socket> {
  const authority = address.includes(":") ? `[${address}]:${port}` : `${address}:${port}`;
  return new Promise<Socket>((resolve, reject) => {
    const connect = request({
      host: proxy.host,
      port: proxy.port,
      method: "CONNECT",
      path: authority,
      headers: { host: authority, ...(proxy.authorization ? { "proxy-authorization": proxy.authorization } : {}) },
      agent: false,
    });
    connect.on("socket", track);
    connect.once("error", (error) => reject(new AttemptFailure("CONNECTION", `PROXY_${errorCode(error, "UNREACHABLE")}`)));
    connect.once("connect", (response, socket, head) => {
      track(socket);
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 299) {
        socket.destroy();
        reject(new AttemptFailure("CONNECTION", `PROXY_STATUS_${status}`));
        return;
      }
      if (head.length > 0) socket.unshift(head);
      resolve(socket);
    });
    connect.end();
  });
}
