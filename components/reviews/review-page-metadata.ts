import type { Metadata } from "next";
import { tokenPageMetadata } from "@/components/ui/token-page";

/**
 * The review form's and edit page's metadata: never indexed, and "same-origin" rather than the other
 * token pages' "no-referrer". Their forms post to themselves without JavaScript, and under no-referrer
 * a browser sends that post with `Origin: null`, which the request guard refuses as cross-site; under
 * same-origin the token still never travels to another site in a Referer header.
 */
export function reviewPageMetadata(page: { title: string; description: string }): Metadata {
  return { ...tokenPageMetadata(page), referrer: "same-origin" };
}
