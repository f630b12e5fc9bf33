/**
 * Where a webhook may be sent: the URL rules at create/update and the address check at every attempt.
 *
 * A webhook URL is typed by a provider and then fetched by our server, the classic shape of server-side
 * request forgery. Checking the URL once is not enough: a name can resolve to a public address when
 * the endpoint is created and to 127.0.0.1 or 169.254.169.254 at delivery (DNS rebinding), so the
 * sender resolves the name again at every attempt, refuses the attempt before any connection if ANY
 * address is not public, and then connects to exactly the addresses it checked (deliver.ts pins them;
 * nothing asks DNS a second time).
 *
 * IP literals in the URL are judged by the project's one address rule (lib/validation/public-address.ts,
 * also behind `isPublicHostname`). The WHATWG URL parser has already turned `2130706433`, `0x7f.1` and
 * `[::ffff:127.0.0.1]` into `127.0.0.1` and `[::ffff:7f00:1]`, so odd spellings cannot slip past.
 *
 * The loopback switch (`allowLoopback`, the future `WEBHOOK_ALLOW_LOOPBACK=true`, for tests and local
 * development) permits 127.0.0.0/8 and ::1, the names `localhost` and `*.localhost`, and plain `http:`
 * to those hosts; never any other private range. `allowHttp` (the future `WEBHOOK_ALLOW_HTTP=true`,
 * outside production) permits plain `http:` to public hosts.
 */
import { lookup } from "node:dns/promises";
import { isPublicHostname } from "@/lib/validation/primitives";
import { isLoopbackAddress, isPublicAddress } from "@/lib/validation/public-address";
import { errorCode } from "./attempt-failure";

export const WEBHOOK_URL_MAX_LENGTH = 2048;

export interface DestinationPolicy {
  /** Plain `http:` to public hosts (the future `WEBHOOK_ALLOW_HTTP`, never in production). */
  allowHttp?: boolean;
  /** Loopback hosts and addresses, over `http:` too (the future `WEBHOOK_ALLOW_LOOPBACK`). */
  allowLoopback?: boolean;
}

export type WebhookUrlProblem = "INVALID_URL" | "TOO_LONG" | "SCHEME" | "CREDENTIALS" | "FRAGMENT" | "HOST_NOT_PUBLIC";

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; problem: WebhookUrlProblem; message: string };

/** What a person reads when their URL is refused; one sentence each, for a 400 `VALIDATION_FAILED`. */
export const WEBHOOK_URL_MESSAGES: Record<WebhookUrlProblem, string> = {
  INVALID_URL: "Enter a full web address, like https://example.com/webhooks",
  TOO_LONG: `Webhook URLs are at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  SCHEME: "Webhook URLs must start with https://",
  CREDENTIALS: "Webhook URLs may not contain a user name or password; verify our signature instead",
  FRAGMENT: "Webhook URLs may not contain a fragment (#…); it is never sent to the server",
  HOST_NOT_PUBLIC: "Webhook URLs must point at a public host, not a local or private network one",
};

/** The rules a webhook URL must pass when it is created or changed (and again before every attempt). */
export function validateWebhookUrl(raw: string, policy: DestinationPolicy = {}): WebhookUrlCheck {
  const refuse = (problem: WebhookUrlProblem): WebhookUrlCheck => ({ ok: false, problem, message: WEBHOOK_URL_MESSAGES[problem] });
  if (raw.length > WEBHOOK_URL_MAX_LENGTH) return refuse("TOO_LONG");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse("INVALID_URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return refuse("SCHEME");
  if (!url.hostname) return refuse("INVALID_URL");
  if (url.username || url.password) return refuse("CREDENTIALS");
  // `#` alone leaves url.hash empty; the raw text tells.
  if (url.hash || raw.includes("#")) return refuse("FRAGMENT");
  const loopbackHost = Boolean(policy.allowLoopback) && isLoopbackHostname(url.hostname);
  if (url.protocol === "http:" && !policy.allowHttp && !loopbackHost) return refuse("SCHEME");
  if (!loopbackHost && !isPublicHostname(url.hostname)) return refuse("HOST_NOT_PUBLIC");
  return { ok: true, url };
}

/** `localhost`, `*.localhost`, or an IP literal in 127.0.0.0/8 or ::1 (URL-parser form). */
function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return isLoopbackAddress(host.startsWith("[") ? host.slice(1, -1) : host);
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a name resolves to; throws when it cannot be resolved. Injectable for tests. */
export type WebhookResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo, as any connection would use), every address. */
export const systemResolver: WebhookResolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** Whether an attempt may connect to this address: public, or loopback under the loopback switch. */
export function isAllowedDestinationAddress(address: string, policy: DestinationPolicy = {}): boolean {
  return isPublicAddress(address) || (Boolean(policy.allowLoopback) && isLoopbackAddress(address));
}

export type DestinationCheck =
  | { ok: true; addresses: ResolvedAddress[] }
  | { ok: false; error: "DNS" | "DESTINATION_NOT_PUBLIC"; detail: string };

/**
 * Resolves the URL's host and checks every address: at create/update (422 `WEBHOOK_URL_NOT_PUBLIC`
 * when it is not public now) and at every attempt. An IP literal is checked without asking DNS.
 * `detail` is a code for logs, never the addresses (a private answer is our network's business).
 */
export async function resolveDestination(
  url: URL,
  { resolver = systemResolver, ...policy }: DestinationPolicy & { resolver?: WebhookResolver } = {},
): Promise<DestinationCheck> {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: ResolvedAddress[];
  if (isIpLiteral(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await resolver(host);
    } catch (error) {
      return { ok: false, error: "DNS", detail: errorCode(error, "RESOLVE_FAILED") };
    }
    if (addresses.length === 0) return { ok: false, error: "DNS", detail: "NO_ADDRESSES" };
  }
  if (!addresses.every(({ address }) => isAllowedDestinationAddress(address, policy))) {
    return { ok: false, error: "DESTINATION_NOT_PUBLIC", detail: "ADDRESS_NOT_PUBLIC" };
  }
  return { ok: true, addresses };
}

function isIpLiteral(host: string): boolean {
  return host.includes(":") || /^[\d.]+$/.test(host);
}
