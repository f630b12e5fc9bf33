import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { MainNav } from "@/components/site/main-nav";
import { env } from "@/lib/config/env";
import "./globals.css";

// A function rather than a constant so dynamic pages resolve canonical and Open Graph URLs against the
// running server's APP_URL (static pages take the build's). Pages only give paths.
export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(env().APP_URL),
    openGraph: { siteName: "Provider Registry", type: "website" },
    title: { default: "Provider Registry", template: "%s · Provider Registry" },
    description:
      "A public directory of agencies and studios. Browse published providers, apply to join, and manage your listing and team.",
  };
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="site-header">
          <div className="container header-inner">
            <Link className="brand" href="/">
              Provider Registry
            </Link>
            <MainNav />
          </div>
        </header>
        <main id="main" className="container">
          {children}
        </main>
        <footer className="site-footer">
          <div className="container">
            <p>
              Provider Registry · <Link href="/docs/api">API reference</Link> ·{" "}
              <a href="/api/openapi.json">OpenAPI document</a> · <Link href="/privacy/request">Your data: a copy or its erasure</Link>
            </p>
          </div>
        </footer>
      </body>
    </html>
  );
}
