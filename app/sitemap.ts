import type { MetadataRoute } from "next";
import { databaseReady } from "@/db";
import { env } from "@/lib/config/env";
import { listSitemapProviders } from "@/lib/public-listing/list-sitemap-providers";

// Built per request: APP_URL is read at run time and profiles are published and unpublished at any moment.
export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = env().APP_URL.replace(/\/+$/, "");
  const providers = await listSitemapProviders(await databaseReady());
  return [
    { url: `${origin}/`, changeFrequency: "weekly", priority: 1 },
    { url: `${origin}/providers`, changeFrequency: "daily", priority: 0.9 },
    { url: `${origin}/apply`, changeFrequency: "monthly", priority: 0.5 },
    ...providers.map((p) => ({
      url: `${origin}/providers/${p.slug}`,
      lastModified: p.updatedAt,
      changeFrequency: "weekly" as const,
      priority: 0.7,
    })),
  ];
}
