import { NextResponse } from "next/server";
import { getDb } from "@/db";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { VERIFY_FORM_LIMIT_BYTES } from "@/lib/http/body-limits";
import { readFormBody } from "@/lib/http/request";
import { downloadAccessFile } from "@/lib/privacy/download-access-file";
import { privacyDownloadFormSchema } from "@/lib/privacy/schemas";

/**
 * The download page's button: a plain form POST (so a link prefetch can never spend the one-time
 * link), answered with the access file as an attachment, or a 303 back to the page saying why not.
 */
export async function POST(request: Request): Promise<Response> {
  let token: string | undefined;
  try {
    const form = await readFormBody(request, VERIFY_FORM_LIMIT_BYTES);
    const parsed = privacyDownloadFormSchema.safeParse({ token: form.get("token") ?? undefined });
    token = parsed.success ? parsed.data.token : undefined;
    const { file, createdAt } = await downloadAccessFile(getDb(), { token });
    const name = `provider-registry-data-${createdAt.toISOString().slice(0, 10)}.json`;
    return new Response(`${JSON.stringify(file, null, 2)}\n`, {
      status: 200,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "no-store",
        "Referrer-Policy": "no-referrer",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const result = error.code === "TOKEN_EXPIRED" ? "expired" : "invalid";
    return NextResponse.redirect(new URL(`/privacy/download?result=${result}`, env().APP_URL), 303);
  }
}
