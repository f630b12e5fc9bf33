import Link from "next/link";
import { HomeLinks } from "@/components/directory/home-links";

export default function HomePage() {
  return (
    <article className="home">
      <h1>Provider Registry</h1>
      <p className="lede">
        A public directory of service providers: agencies and studios that design, build, market and run software.
      </p>
      <HomeLinks />

      <section aria-labelledby="what-heading">
        <h2 id="what-heading">What you can do here</h2>
        <ul>
          <li>
            <strong>Find a provider.</strong> Browse approved, published agencies and studios, filtered by specialty,
            and read each one&apos;s public profile.
          </li>
          <li>
            <strong>Apply to join.</strong> Agencies and studios submit an interest application, confirm their email
            address, and are reviewed by our team.
          </li>
          <li>
            <strong>Run your listing.</strong> Approved providers manage their team and their public listing in the
            provider studio, or from their own systems with a provider API key.
          </li>
        </ul>
      </section>

      <section aria-labelledby="api-heading">
        <h2 id="api-heading">JSON API</h2>
        <p>
          Everything above is also available as a JSON API under <code>/api</code>. Read the{" "}
          <Link href="/docs/api">API reference</Link>, or load the machine-readable{" "}
          <a href="/api/openapi.json">OpenAPI 3.1 document</a> into your tools.
        </p>
      </section>
    </article>
  );
}
