import { startStubServer } from "@/test/support/stub-server";

// A stand-in for Resend that can be switched between failure modes while the dispatcher runs, and
// that honours the Idempotency-Key header as Resend does (a repeated key answers the first result
// without delivering again). Deliveries are counted per recipient, so a retry under a new key, or a
// second send of an email already sent, shows up as a duplicate.

export type MailMode =
  | "up"
  /** 500 internal_server_error; nothing delivered. */
  | "error500"
  /** 429 rate_limit_exceeded; nothing delivered. */
  | "rate-limited"
  /** Delivers, then answers only after the client gave up: the "lost answer" case. */
  | "slow-accept"
  /** Never answers; nothing delivered. */
  | "hang";

export async function startMailServiceStandIn(options: { slowAcceptMs: number }) {
  let mode: MailMode = "up";
  const byKey = new Map<string, { id: string; to: string }>();
  const deliveries: { key: string; to: string; text: string }[] = [];
  const requests: { key: string; to: string; mode: MailMode }[] = [];

  const deliver = (key: string, to: string, text: string) => {
    const known = byKey.get(key);
    if (known) return known.id;
    const id = `re_${byKey.size + 1}`;
    byKey.set(key, { id, to });
    deliveries.push({ key, to, text });
    return id;
  };

  const stub = await startStubServer(async (req) => {
    const body = JSON.parse(req.body || "{}") as { to?: string | string[]; text?: string };
    const to = Array.isArray(body.to) ? body.to.join(",") : String(body.to ?? "");
    const key = String(req.headers["idempotency-key"] ?? "");
    const current = mode;
    requests.push({ key, to, mode: current });
    switch (current) {
      case "up":
        return { status: 200, json: { id: deliver(key, to, body.text ?? "") } };
      case "error500":
        return { status: 500, json: { name: "internal_server_error", message: "The mail service is down", statusCode: 500 } };
      case "rate-limited":
        return { status: 429, json: { name: "rate_limit_exceeded", message: "Slow down", statusCode: 429 } };
      case "slow-accept": {
        const id = deliver(key, to, body.text ?? "");
        await new Promise((resolve) => setTimeout(resolve, options.slowAcceptMs));
        return { status: 200, json: { id } };
      }
      case "hang":
        return "hang";
    }
  });

  return {
    url: stub.url,
    close: stub.close,
    setMode(next: MailMode) {
      mode = next;
    },
    /** Every request seen: its idempotency key, recipient and the mode that answered it. */
    requests,
    /** Physical deliveries (one per new idempotency key). */
    deliveries,
    /** Deliveries per recipient. */
    deliveriesTo(to: string): number {
      return deliveries.filter((d) => d.to === to).length;
    },
  };
}
