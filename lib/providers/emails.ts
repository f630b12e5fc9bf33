// The emails of the console's oversight of a provider: its suspension and its reinstatement, to its
// owners (under the rules of lib/email/layout.ts: our words first, the provider's name and the
// registry's reason only in a labelled block, one link of ours, to the studio).
import { message, PRODUCT, type EmailMessage, type TypedValues } from "@/lib/email/layout";
import { SUSPENSION_REASON_MAX } from "./admin-schemas";

const providerBlock = (providerName: string, reason?: string): TypedValues => ({
  heading: "The provider, as its team entered it",
  lines: [{ label: "Provider", typed: providerName }],
  ...(reason ? { quotation: { label: "The registry's reason", text: reason, max: SUSPENSION_REASON_MAX } } : {}),
});

/** To each owner: what the suspension stops, that nothing is lost, and how to answer the registry. */
export function providerSuspendedEmail(params: { providerName: string; reason: string; studioUrl: string }): EmailMessage {
  return message(
    `Your provider has been suspended on ${PRODUCT}`,
    [
      "Hello,",
      `The registry has suspended a provider you own on ${PRODUCT}. The provider and the registry's reason are quoted below.`,
      "Until the registry reinstates it: the provider is hidden from the public directory, its search and its profile page; its studio is read-only (your team can still sign in and see everything, but nothing can be changed); its API keys are refused on every request; and invitations to its team wait.",
      "Nothing has been deleted or revoked. When the registry reinstates the provider, everything comes back as it was.",
      "To ask about the suspension, or to tell the registry what you have put right, reply to this email: it reaches the registry's team.",
    ],
    { label: "Open your studio", url: params.studioUrl },
    providerBlock(params.providerName, params.reason),
  );
}

/** To each owner: the suspension is over, and what works again. */
export function providerReinstatedEmail(params: { providerName: string; studioUrl: string }): EmailMessage {
  return message(
    `Your provider has been reinstated on ${PRODUCT}`,
    [
      "Hello,",
      `The registry has reinstated a provider you own on ${PRODUCT}, named below: its suspension is over.`,
      "Everything is back as it was: its studio can be changed again, its API keys work again, invitations to its team can be accepted, and if its listing is published it is back in the public directory.",
    ],
    { label: "Open your studio", url: params.studioUrl },
    providerBlock(params.providerName),
  );
}
