import { prerender } from "react-dom/static";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerSlugRedirects } from "@/db/schema";
import { POST as SUBMIT_INQUIRY } from "@/app/api/public/studio/providers/[slug]/inquiries/route";
import { refreshResponsiveness } from "@/lib/inquiries/refresh-responsiveness";
import { makeInquiry, makeProvider } from "@/test/support/factories";
import { call } from "@/test/support/http";
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

/** The profile as the server renders it, its async sections (the contact section) included. */
async function profileHtml(slug: string): Promise<string> {
  const { prelude } = await prerender(await ProviderProfilePage(props(slug)));
  return new Response(prelude).text();
}

describe("/providers/[slug] contact section", () => {
  it("offers the contact form to a provider taking clients, and says 'not taking new clients' with no form otherwise, as the API answers 409", async () => {
    const db = getDb();
    const open = await makeProvider(db, { name: "Open Studio" });
    const closed = await makeProvider(db, { name: "Closed Studio", acceptingClients: false });

    const openHtml = await profileHtml(open.slug);
    expect(openHtml).toContain("Contact <!-- -->Open Studio");
    // The contact form (the profile has another form: reporting outdated details).
    expect(openHtml).toMatch(/<textarea[^>]*name="message"/);
    expect(openHtml).not.toContain("not taking new clients");

    const closedHtml = await profileHtml(closed.slug);
    expect(closedHtml).toContain("Closed Studio<!-- --> is not taking new clients just now.");
    expect(closedHtml).not.toMatch(/<textarea[^>]*name="message"/);
    expect(closedHtml).not.toContain("Contact <!-- -->Closed Studio");
    const refused = await call(SUBMIT_INQUIRY, `/api/public/studio/providers/${closed.slug}/inquiries`, {
      json: { name: "Grace", email: "grace-closed@example.com", message: "Could you build our new booking site?" },
      params: { slug: closed.slug },
    });
    expect(refused.status).toBe(409);
  });

  it("puts 'Contact {name}' under the name, before the about text, and points a provider not taking clients to similar ones that are", async () => {
    const db = getDb();
    const open = await makeProvider(db, { name: "Forward Studio", specialties: ["DATA"], websiteUrl: "https://forward.example" });
    const closed = await makeProvider(db, { name: "Full Studio", specialties: ["DATA"], acceptingClients: false });
    await makeProvider(db, { name: "Busy Elsewhere", specialties: ["DESIGN"] });

    const openHtml = await profileHtml(open.slug);
    const actions = openHtml.indexOf('data-testid="profile-actions"');
    expect(actions).toBeGreaterThan(openHtml.indexOf("Forward Studio</h1>"));
    expect(actions).toBeLessThan(openHtml.indexOf('id="about-heading"'));
    expect(openHtml.slice(actions, openHtml.indexOf('id="about-heading"'))).toMatch(/href="#contact"[^>]*>Contact <!-- -->Forward Studio<\/a>[\s\S]*Visit <!-- -->forward\.example/);
    expect(openHtml).not.toContain("Similar providers taking new clients");

    const closedHtml = await profileHtml(closed.slug);
    expect(closedHtml).toContain('href="#similar"');
    expect(closedHtml).toContain("Similar providers taking new clients");
    expect(closedHtml).toContain(`href="/providers/${open.slug}"`);
    expect(closedHtml).not.toContain("Busy Elsewhere");
    expect(closedHtml).toContain('href="/providers?specialty=DATA&amp;acceptingClients=true"');
  });

  it("shows how quickly the provider answers once 5 inquiries were delivered, and nothing below 5", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { name: "Measured Studio" });
    const deliverAnswered = async (hours: number) => {
      const deliveredAt = new Date(Date.now() - 100 * 3600_000);
      await makeInquiry(db, {
        providerId: provider.id,
        status: "REPLIED",
        deliveredAt,
        firstResponseAt: new Date(deliveredAt.getTime() + hours * 3600_000),
      });
      await refreshResponsiveness(db, { providerId: provider.id });
    };
    for (const hours of [1, 2, 3, 4]) await deliverAnswered(hours);
    expect(await profileHtml(provider.slug)).not.toMatch(/Usually answers|inquiries in the last 90 days/);

    await deliverAnswered(5);
    expect(await profileHtml(provider.slug)).toContain(
      "Usually answers within 3 hours · answered 5 of 5 inquiries in the last 90 days",
    );
  });

  it("says so when a provider answered none of 5 or more inquiries, rather than showing nothing", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { name: "Silent Studio" });
    for (let i = 0; i < 5; i++) await makeInquiry(db, { providerId: provider.id, deliveredAt: new Date(Date.now() - (50 + i) * 3600_000) });
    await refreshResponsiveness(db, { providerId: provider.id });
    expect(await profileHtml(provider.slug)).toContain("Has not answered any of its 5 inquiries in the last 90 days");
  });
});
