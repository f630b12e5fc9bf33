import type { MetadataRoute } from "next";
import { env } from "@/lib/config/env";

// Read at run time, so the sitemap address follows APP_URL of the running server, not of the build.
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  const origin = env().APP_URL.replace(/\/+$/, "");
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/dev/", "/studio", "/admin", "/verify"] },
    sitemap: `${origin}/sitemap.xml`,
  };
}
