import Link from "next/link";
import { HomeLinks } from "@/components/directory/home-links";
import { HomeSearch } from "@/components/directory/home-search";

// Prerendered at build time; without this Next.js would tell shared caches to keep it a year (s-maxage
// 31536000), past the next release's assets. Five minutes, and the deploy purges it (docs/operations.md).
export const revalidate = 300;

// For visitors looking for a provider and for agencies who want to be listed; the JSON API is for
// developers, linked from the header and the footer and described at /docs/api.
export default function HomePage() {
  return (
    <article className="home">
      <h1>Find an agency or studio you can trust</h1>
      <p className="lede">
        Provider Registry lists agencies and studios that design, build, market and run software. Every one is reviewed
        by our team before it appears here.
      </p>
      <HomeSearch />
      <HomeLinks />

      <section aria-labelledby="find-heading">
        <h2 id="find-heading">Looking for a provider?</h2>
        <p>
          <Link href="/providers">Browse the directory</Link>, narrow it to a specialty such as design, development or
          data, and read each provider&apos;s profile: what they do, who they work for, and how to reach them.
        </p>
      </section>

      <section aria-labelledby="join-heading">
        <h2 id="join-heading">Run an agency or studio?</h2>
        <ol>
          <li>
            <Link href="/apply">Apply to join</Link>: tell us about your work in a short form.
          </li>
          <li>Confirm your email address with the link we send you.</li>
          <li>Our team reviews your application, usually within two working days, and emails you the decision.</li>
          <li>Once approved, you complete your listing in the studio and publish it when it is ready.</li>
        </ol>
        <p>
          Already listed? <Link href="/studio">Sign in to the studio</Link> to manage your listing and your team.
        </p>
      </section>
    </article>
  );
}
