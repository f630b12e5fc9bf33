import { zipResponse } from "@/lib/http/download-response";
import { readExportArchive } from "@/lib/provider-exports/get-provider-export";
import { studioDownloadRoute } from "@/lib/route-wrappers/studio-download-route";

// The studio's download of a READY export (the page links here; the EXPORT_READY email links to the page).
export const GET = studioDownloadRoute(
  () => "/studio/export",
  async ({ db, studio, params }) => zipResponse(await readExportArchive(db, { providerId: studio.provider.id, exportId: params.id ?? "" })),
);
