import type { Actor } from "@/lib/audit/record-audit-event";
import type { ApiKeyPrincipal } from "./authenticate-api-key";

export function actorForApiKey(principal: ApiKeyPrincipal, requestId: string): Actor {
  return { type: "API_KEY", id: principal.keyId, label: `API key ${principal.keyPrefix}…`, requestId };
}
