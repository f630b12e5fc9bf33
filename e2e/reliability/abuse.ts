// Family "abuse" (issue 25, points 1 and 2): sign-in abuse against a production server, with CAPTCHA
// configured (a siteverify stand-in) and one trusted proxy, so each request names its client in
// X-Forwarded-For as a real proxy would.
// 1. A stranger asks for the platform admin's sign-in links, +tags and all, until refused; the admin,
//    from their own client, still gets a link and signs in with it.
// 2. One client asks for links to 30 addresses at once: exactly SIGN_IN_IP_LIMIT (default 20) are sent.
// Every refusal (the mailbox's limit, the client's, a missing or rejected CAPTCHA) is the same answer.
import { startStubServer } from "@/test/support/stub-server";
import { connect, createFreshDatabase, delay, serverEnv, startServer, type RunningServer, type ThrowawayPostgres } from "./production-harness";
import type { Check } from "./report";

const ADMIN = "admin@abuse.example";
const STRANGER_IP = "203.0.113.66";
const OWNER_IP = "198.51.100.7";
const SPRAY_IP = "192.0.2.50";
const SPRAY_ADDRESSES = 30;
/** The defaults of SIGN_IN_EMAIL_LIMIT and SIGN_IN_IP_LIMIT, which the server runs with here. */
const MAILBOX_LIMIT = 5;
const CLIENT_LIMIT = 20;
const GOOD_TOKEN = "XXXX.DUMMY.TOKEN.XXXX";

export interface AbuseFigures {
  strangerAsked: number;
  strangerSent: number;
  ownerLinkSent: boolean;
  ownerSignedIn: boolean;
  sprayAddresses: number;
  spraySent: number;
  sprayRefused: number;
  spraySeconds: number;
  distinctRefusals: number;
}

/** One browser-like client: its address (sent as X-Forwarded-For) and its cookies. */
class Client {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly base: string,
    readonly ip: string,
  ) {}

  async fetch(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    const response = await fetch(`${this.base}${path}`, {
      method: init.method ?? "GET",
      redirect: "manual",
      headers: {
        "x-forwarded-for": this.ip,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...init.headers,
      },
      body: init.body,
      signal: AbortSignal.timeout(30_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return response;
  }

  has(cookie: string): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith(cookie));
  }

  /** What the sign-in form does: Auth.js's CSRF token, then the email provider's sign-in, as JSON. */
  async askForLink(email: string, turnstileToken: string | null = GOOD_TOKEN): Promise<Refusal> {
    const csrf = (await (await this.fetch("/api/auth/csrf")).json()) as { csrfToken: string };
    const form = new URLSearchParams({ email, csrfToken: csrf.csrfToken, callbackUrl: `${this.base}/admin`, json: "true" });
    if (turnstileToken !== null) form.set("turnstileToken", turnstileToken);
    const response = await this.fetch("/api/auth/signin/email", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      body: form.toString(),
    });
    return { status: response.status, contentType: response.headers.get("content-type"), body: await response.text() };
  }
}

/** What a requester sees of an answer: its status, type and body. */
interface Refusal {
  status: number;
  contentType: string | null;
  body: string;
}

// Asked for as JSON (as the form does), Auth.js answers where the browser goes next: its "check your
// email" step when the link was sent, its error step (EmailSignin) when it was not.
const sent = (a: Refusal) => a.status === 200 && /\/api\/auth\/verify-request\?/.test(a.body);
const show = (a: Refusal) => `${a.status} ${a.contentType} ${a.body.slice(0, 160)}`;

export async function runAbuse(cluster: ThrowawayPostgres, port: number, check: Check): Promise<AbuseFigures> {
  const url = await createFreshDatabase(cluster, "rel_abuse");
  const siteverify = await startStubServer((req) => {
    const form = new URLSearchParams(req.body);
    return { status: 200, json: { success: form.get("response") === GOOD_TOKEN, "error-codes": [] } };
  });
  let server: RunningServer | undefined;
  const db = connect(url);
  try {
    server = await startServer(
      port,
      serverEnv(port, {
        DATABASE_URL: url,
        EMBEDDED_DATABASE: undefined,
        TRUSTED_PROXY_HOPS: "1",
        ADMIN_EMAILS: ADMIN,
        TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA",
        NEXT_PUBLIC_TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
        TURNSTILE_VERIFY_URL: `${siteverify.url}/siteverify`,
        // The defaults are what this family measures.
        SIGN_IN_EMAIL_LIMIT: undefined,
        SIGN_IN_IP_LIMIT: undefined,
      }),
    );
    const base = server.url;
    const signInEmailsTo = async (pattern: string) =>
      (await db<{ n: number }[]>`select count(*)::int as n from email_outbox where kind = 'SIGN_IN' and "to" like ${pattern}`)[0]!.n;

    const page = await (await fetch(`${base}/signin`)).text();
    check("/signin shows the security check when CAPTCHA is configured", page.includes("Security check"));

    // 1. The stranger's requests for the admin's tagged addresses, then the owner's own.
    const stranger = new Client(base, STRANGER_IP);
    const strangerAnswers: Refusal[] = [];
    for (let i = 0; i < MAILBOX_LIMIT + 3; i++) strangerAnswers.push(await stranger.askForLink(`admin+x${i}@abuse.example`));
    const strangerSent = strangerAnswers.filter(sent).length;
    check(`a stranger gets ${MAILBOX_LIMIT} links for the admin's +tag addresses, then refusals`, strangerSent === MAILBOX_LIMIT, strangerAnswers.map(show).join(" | "));
    check("the stranger's refused requests queue no email", (await signInEmailsTo("admin+%@abuse.example")) === MAILBOX_LIMIT);
    const siteverifyIps = siteverify.requests.map((r) => new URLSearchParams(r.body).get("remoteip"));
    check("siteverify hears of the client the trusted proxy named", siteverifyIps.every((ip) => ip === STRANGER_IP), JSON.stringify(siteverifyIps.slice(0, 3)));

    const owner = new Client(base, OWNER_IP);
    const ownerAnswer = await owner.askForLink(ADMIN);
    const ownerLinkSent = sent(ownerAnswer);
    check("the admin, from their own client, still gets a sign-in link at once", ownerLinkSent, show(ownerAnswer));
    const ownerSignedIn = ownerLinkSent && (await signInWithLink(db, owner, ADMIN));
    check("…and signs in to the admin console with it", ownerSignedIn);

    // 2. One client, 30 addresses at once.
    const started = performance.now();
    const sprayAnswers = await Promise.all(
      Array.from({ length: SPRAY_ADDRESSES }, (_, i) => new Client(base, SPRAY_IP).askForLink(`spray-${i}@abuse.example`)),
    );
    const spraySeconds = Math.round((performance.now() - started) / 10) / 100;
    const spraySent = sprayAnswers.filter(sent).length;
    check(`${SPRAY_ADDRESSES} addresses asked for from one client at once: exactly ${CLIENT_LIMIT} links sent`, spraySent === CLIENT_LIMIT, `${spraySent} sent`);
    check("…and exactly that many queued", (await signInEmailsTo("spray-%@abuse.example")) === CLIENT_LIMIT);
    check("another client is not affected by that client's cap", sent(await new Client(base, "192.0.2.51").askForLink("spray-0@abuse.example")));

    // Every refusal looks the same: the mailbox's limit, the client's, no CAPTCHA token, a rejected one.
    const refusals = {
      mailbox: strangerAnswers.find((a) => !sent(a)),
      client: sprayAnswers.find((a) => !sent(a)),
      noToken: await new Client(base, "192.0.2.60").askForLink("captcha-a@abuse.example", null),
      badToken: await new Client(base, "192.0.2.61").askForLink("captcha-b@abuse.example", "forged"),
    };
    const shapes = new Set(Object.values(refusals).map((a) => (a ? show(a) : "missing")));
    check("every refusal is the same answer, whichever case refused", shapes.size === 1 && !shapes.has("missing"), [...shapes].join(" | "));
    check("…an answer that says only that no link was sent", [...shapes][0]?.includes("error=EmailSignin") ?? false, [...shapes][0]);
    check("a request without a solved CAPTCHA queues no email", (await signInEmailsTo("captcha-%@abuse.example")) === 0);

    return {
      strangerAsked: strangerAnswers.length,
      strangerSent,
      ownerLinkSent,
      ownerSignedIn,
      sprayAddresses: SPRAY_ADDRESSES,
      spraySent,
      sprayRefused: SPRAY_ADDRESSES - spraySent,
      spraySeconds,
      distinctRefusals: shapes.size,
    };
  } finally {
    await server?.stop();
    await db.end();
    await siteverify.close();
  }
}

/** Reads the newest sign-in email to `email` and uses its link in the client that asked for it. */
async function signInWithLink(db: ReturnType<typeof connect>, client: Client, email: string): Promise<boolean> {
  let text: string | undefined;
  for (let i = 0; i < 50 && !text; i++) {
    [{ text } = { text: undefined }] = await db<{ text: string }[]>`
      select text from email_outbox where kind = 'SIGN_IN' and "to" = ${email} order by created_at desc limit 1`;
    if (!text) await delay(100);
  }
  const link = /(http:\/\/\S+\/signin\/confirm\?\S+)/.exec(text ?? "")?.[1];
  if (!link) return false;
  const callback = new URL(link);
  callback.pathname = "/api/auth/callback/email";
  // The confirm page's button: a same-origin POST from the browser the link was made for.
  const response = await client.fetch(`${callback.pathname}${callback.search}`, { method: "POST", headers: { "sec-fetch-site": "same-origin" } });
  if (response.status !== 302 || !client.has("next-auth.session-token")) return false;
  return (await client.fetch("/admin/applications")).status === 200;
}
