import { createHmac } from "node:crypto";
import { analyticsNetworkPrefix } from "@/lib/rate-limit/ip-subject";
import { userAgentFamily } from "./user-agent-family";

/** What of a request the visitor key is made from; nothing of it is ever written. */
export interface VisitorSignals {
  clientIp: string | null;
  userAgent: string;
  acceptLanguage: string;
}

/**
 * HMAC-SHA256(daySalt, ipPrefix ‖ uaFamily ‖ uaMajor ‖ acceptLanguage), hex: the same visitor the same
 * UTC day gives the same key; once the day's salt is deleted (after 2 days) nobody can tell whose it was.
 */
export function visitorKey(daySalt: string, signals: VisitorSignals): string {
  const { family, major } = userAgentFamily(signals.userAgent);
  const parts = [signals.clientIp ? analyticsNetworkPrefix(signals.clientIp) : "unknown", family, major, signals.acceptLanguage.slice(0, 200)];
  return createHmac("sha256", Buffer.from(daySalt, "base64")).update(parts.join("\n")).digest("hex");
}
