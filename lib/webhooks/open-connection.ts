/**
 * The connection of one delivery attempt, to the addresses the attempt has just checked and to no other.
 *
 * Directly, the socket gets a pinned `lookup`: Node.js asks it instead of DNS and it answers only the
 * checked addresses (all of them, so Node's happy-eyeballs can still pick a family), so nothing can
 * rebind the name between the check and the connect. Through an egress proxy, the tunnel goes to the
 * first checked address (egress-proxy.ts). Either way TLS then runs over that socket with SNI and the
 * certificate check for the NAME in the URL, as if it had been resolved normally.
 *
 * Every socket is handed to `track` as soon as it exists, so the sender can destroy them all when the
 * attempt ends or its deadline passes.
 */
import type { LookupAddress, LookupOptions } from "node:dns";
import { connect as connectTcp, isIP, type LookupFunction, type Socket } from "node:net";
import { connect as connectTls, rootCertificates } from "node:tls";
import { AttemptFailure, errorCode, untilAborted, type AttemptPhase } from "./attempt-failure";
import type { ResolvedAddress } from "./destination";
import { openProxyTunnel, type EgressProxy } from "./egress-proxy";

export interface OpenConnectionParams {
  url: URL;
  addresses: readonly ResolvedAddress[];
  proxy?: EgressProxy;
  /** An extra certificate authority to trust besides the system's (tests; private test environments). */
  trustedCa?: string;
  signal: AbortSignal;
  track: (socket: Socket) => void;
  onPhase: (phase: AttemptPhase) => void;
}

/** The URL's host without IPv6 brackets or a final dot: the name SNI sends and the certificate must match. */
export function bareHostname(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname.replace(/\.$/, "");
}

/** The URL's port, or its scheme's default (the URL parser leaves `port` empty for 443 on https, 80 on http). */
function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

/** A `lookup` that answers `hostname` with the checked addresses and refuses any other name. */
export function pinnedLookup(hostname: string, addresses: readonly ResolvedAddress[]): LookupFunction {
  return (name: string, options: LookupOptions, callback) => {
    const family = options.family === 4 || options.family === "IPv4" ? 4 : options.family === 6 || options.family === "IPv6" ? 6 : 0;
    const answers: LookupAddress[] = addresses.filter((a) => family === 0 || a.family === family).map((a) => ({ address: a.address, family: a.family }));
    const first = answers[0];
    if (name !== hostname || !first) {
      const error: NodeJS.ErrnoException = new Error(`pinned lookup has no address for ${name}`);
      error.code = "ENOTFOUND";
      callback(error, "", 0);
    } else if (options.all) {
      callback(null, answers);
    } else {
      callback(null, first.address, first.family);
    }
  };
}

/** A connected socket (TLS for `https:`) to the checked destination, or an AttemptFailure. */
export async function openConnection({ url, addresses, proxy, trustedCa, signal, track, onPhase }: OpenConnectionParams): Promise<Socket> {
  const host = bareHostname(url);
  const port = portOf(url);
  let socket: Socket;
  if (proxy) {
    onPhase("PROXY");
    socket = await untilAborted(openProxyTunnel(proxy, addresses[0]!.address, port, track), signal, "PROXY");
  } else {
    onPhase("CONNECT");
    socket = connectTcp({ host, port, lookup: pinnedLookup(host, addresses), autoSelectFamily: true });
    track(socket);
    await untilAborted(settled(socket, "connect", "CONNECTION"), signal, "CONNECT");
  }
  if (url.protocol !== "https:") return socket;

  onPhase("TLS");
  const tlsSocket = connectTls({
    socket,
    host,
    ...(isIP(host) ? {} : { servername: host }),
    ...(trustedCa ? { ca: [...rootCertificates, trustedCa] } : {}),
    ALPNProtocols: ["http/1.1"],
  });
  track(tlsSocket);
  await untilAborted(settled(tlsSocket, "secureConnect", "TLS"), signal, "TLS");
  return tlsSocket;
}

/** Resolves on `event`; rejects with `kind` on an error or a close before it. */
function settled(socket: Socket, event: "connect" | "secureConnect", kind: "CONNECTION" | "TLS"): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      socket.off("error", onError);
      socket.off("close", onClose);
    };
    const onError = (error: Error) => {
      done();
      reject(new AttemptFailure(kind, errorCode(error, kind === "TLS" ? "HANDSHAKE_FAILED" : "CONNECT_FAILED")));
    };
    const onClose = () => {
      done();
      reject(new AttemptFailure(kind, "CLOSED"));
    };
    socket.once(event, () => {
      done();
      resolve();
    });
    socket.once("error", onError);
    socket.once("close", onClose);
  });
}
