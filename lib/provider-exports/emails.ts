// The export's one email, in the shared layout (lib/email/layout.ts).
import { message, PRODUCT, type EmailMessage } from "@/lib/email/layout";
import { EXPORT_LIFETIME_DAYS } from "./export-rules";

/**
 * To whoever asked for the export: it links to the studio's export page, never to the file. A link
 * that downloads by itself would be a bearer token for every inquiry's address in a mailbox; the
 * studio page asks for the signed-in session and the OWNER or ADMIN role first.
 */
export function exportReadyEmail(params: { providerName: string; exportsUrl: string; expiresAt: Date }): EmailMessage {
  return message(
    `Your ${PRODUCT} data export is ready`,
    [
      "Hello,",
      `The export of ${params.providerName}'s data you asked for is ready. Sign in to the studio to download it.`,
      `It can be downloaded until ${params.expiresAt.toISOString().slice(0, 10)} (${EXPORT_LIFETIME_DAYS} days); then the file is deleted and you can start a new export.`,
    ],
    { label: "Open the export page", url: params.exportsUrl },
  );
}
