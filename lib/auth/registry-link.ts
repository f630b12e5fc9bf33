import { createHmac, timingSafeEqual } from "node:crypto";

// A sign-in link inside an approval or invitation email was made by the registry for that address,
// not asked for by whoever opens it. Its confirm page may then say calmly what it opens ("Sign in as
// … to open …'s studio") instead of warning about login CSRF. The purpose and the provider's name ride
// in the link, signed with the auth secret and bound to the link's one-time token, so a link someone
// asked for on /signin cannot be dressed up as one, and a name cannot be changed in transit.

export const REGISTRY_LINK_KINDS = ["approval", "invitation"] as const;
export type RegistryLinkKind = (typeof REGISTRY_LINK_KINDS)[number];

export interface RegistryLinkPurpose {
  kind: RegistryLinkKind;
  providerName: string;
}

/** The link's parameters that carry the purpose: `sent`, `provider` and their signature `sig`. */
export const REGISTRY_LINK_PARAMS = ["sent", "provider", "sig"] as const;

function signature(secret: string, token: string, purpose: RegistryLinkPurpose): string {
  return createHmac("sha256", secret).update(`registry-link:${purpose.kind}:${token}:${purpose.providerName}`).digest("base64url");
}

/** The parameters to add to a sign-in link the registry sends for this purpose. */
export function registryLinkParams(secret: string, token: string, purpose: RegistryLinkPurpose): Record<(typeof REGISTRY_LINK_PARAMS)[number], string> {
  return { sent: purpose.kind, provider: purpose.providerName, sig: signature(secret, token, purpose) };
}

/** The purpose a link's parameters carry, if the registry signed them for this token; otherwise null. */
export function verifiedRegistryLink(
  secret: string,
  params: { token: string; sent?: string; provider?: string; sig?: string },
): RegistryLinkPurpose | null {
  const kind = REGISTRY_LINK_KINDS.find((k) => k === params.sent);
  if (!kind || !params.provider || !params.sig || !params.token) return null;
  const purpose = { kind, providerName: params.provider };
  const expected = Buffer.from(signature(secret, params.token, purpose));
  const given = Buffer.from(params.sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? purpose : null;
}
