import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "@/lib/http/security-headers";
import { PortfolioCards } from "./portfolio-cards";
import { ProviderBanner } from "./provider-banner";
import { ProviderLogo } from "@/components/directory/provider-logo";

// The rule for the images a provider names (docs/decisions/profile-facts.md, "Provider images: any
// public HTTPS host, fetched by the visitor's browser"): shown from any public HTTPS host, requested without a
// Referer, logos only when scrolled near; never over http:, never from a local or private address.

const imagesOf = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
const logo = (logoUrl: string) => imagesOf(renderToStaticMarkup(createElement(ProviderLogo, { name: "Acme Studio", logoUrl })));
const banner = (bannerUrl: string) => imagesOf(renderToStaticMarkup(createElement(ProviderBanner, { bannerUrl })));
const portfolio = (imageUrl: string) =>
  imagesOf(
    renderToStaticMarkup(
      createElement(PortfolioCards, { items: [{ title: "A site", url: "https://client.example/", summary: null, imageUrl }] }),
    ),
  );

describe("provider images (logo, banner, portfolio)", () => {
  it.each(["https://cdn.any-host.example/logo.png", "https://151.101.1.69/logo.png", "https://xn--bcher-kva.example/l.png"])(
    "are shown from the public HTTPS address %s, requested without a Referer",
    (url) => {
      for (const [where, images] of [["logo", logo(url)], ["banner", banner(url)], ["portfolio", portfolio(url)]] as const) {
        expect(images, where).toHaveLength(1);
        expect(images[0], where).toContain(`src="${url}"`);
        expect(images[0], where).toContain('referrerPolicy="no-referrer"');
      }
      expect(logo(url)[0]).toContain('loading="lazy"');
    },
  );

  it.each([
    "http://cdn.example/logo.png",
    "https://localhost/logo.png",
    "https://intranet/logo.png",
    "https://10.0.0.8/logo.png",
    "https://203.0.113.9/logo.png",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]/logo.png",
    "https://printer.local/logo.png",
    "https://user:secret@cdn.example/logo.png",
    "javascript:alert(1)",
  ])("are never requested from %s: the placeholder shows instead", (url) => {
    expect(logo(url)).toEqual([]);
    expect(banner(url)).toEqual([]);
    expect(portfolio(url)).toEqual([]);
  });

  it("are allowed by the content security policy from this site and any HTTPS host, nothing else", () => {
    const img = contentSecurityPolicy({ scriptSources: [], development: false })
      .split("; ")
      .find((d) => d.startsWith("img-src "));
    expect(img).toBe("img-src 'self' https: data: blob:");
  });
});
