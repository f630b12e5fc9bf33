import type { Caller } from "@/lib/auth/caller";
import type { ApiKeyPrincipal } from "./authenticate-api-key";

/** An API key acting: audited as the key, bound by its creator's role on the provider. */
export function apiKeyCaller(principal: ApiKeyPrincipal, requestId: string): Caller {
  return {
    actor: { type: "API_KEY", id: principal.keyId, label: `API key ${principal.keyPrefix}…`, requestId },
    via: "apiKey",
    userId: null,
    role: principal.role,
  };
}
