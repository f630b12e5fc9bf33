import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerSlugRedirects } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import ProviderProfilePage, { generateMetadata } from "./page";

const props = (slug: string) => ({ params: Promise.resolve({ slug }) });

/** What Next.js reads from a thrown redirect or notFound: "NEXT_REDIRECT;replace;<url>;<status>;" etc. */
async function digestOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    return String((error as { digest?: unknown }).digest);
  }
  return "rendered";
}

beforeAll(async () => {
  const db = getDb();
  const current = await makeProvider(db, { slug: "page-current", name: "Page Current" });
  const hidden = await makeProvider(db, { slug: "page-hidden", publicProfile: false });
  await db.insert(providerSlugRedirects).values([
    { oldSlug: "page-old", providerId: current.id },
    { oldSlug: "page-hidden-old", providerId: hidden.id },
  ]);
});

describe("/providers/[slug]", () => {
  it("redirects an old slug permanently (308) to the provider's current profile, from the page and its metadata", async () => {
    expect(await digestOf(() => ProviderProfilePage(props("page-old")))).toBe("NEXT_REDIRECT;replace;/providers/page-current;308;");
    expect(await digestOf(() => generateMetadata(props("page-old")))).toBe("NEXT_REDIRECT;replace;/providers/page-current;308;");
  });

  it("renders the current slug and answers 404 for an old slug of a provider that is not listed", async () => {
    expect(await digestOf(() => ProviderProfilePage(props("page-current")))).toBe("rendered");
    expect(await digestOf(() => ProviderProfilePage(props("page-hidden-old")))).toMatch(/^NEXT_HTTP_ERROR_FALLBACK;404/);
  });
});
