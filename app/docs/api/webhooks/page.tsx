import type { Metadata } from "next";
import { Inline } from "@/components/api-docs/markdown";
import { DELIVERY_RULES, exampleEnvelope, retryRows, VERIFY_EXAMPLE, WEBHOOK_EVENT_DOCS } from "@/lib/openapi/webhooks-guide";

// Prerendered, like the API reference it belongs to.
export const revalidate = 300;

export const metadata: Metadata = {
  title: "Webhooks",
  description: "Provider Registry webhooks: the events, their data, delivery and retries, and how to verify a signature.",
};

export default function WebhooksDocsPage() {
  return (
    <article className="api-docs">
      <h1>Webhooks</h1>
      <p className="lede">
        Webhooks tell your systems when something happens to your provider: an inquiry arrives, your listing changes, a
        review is published. Messages follow <a href="https://www.standardwebhooks.com/">Standard Webhooks 1.0</a>. Add
        endpoints in the studio or with the <a href="/docs/api#op-createWebhook">webhook endpoints of the API</a>.
      </p>

      <section aria-labelledby="delivery">
        <h2 id="delivery">Delivery</h2>
        <ul>
          {DELIVERY_RULES.map((rule) => (
            <li key={rule}>
              <Inline text={rule} />
            </li>
          ))}
        </ul>
        <h3 id="retries">Retry schedule</h3>
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Attempt</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {retryRows().map((row) => (
                <tr key={row.attempt}>
                  <td>{row.attempt}</td>
                  <td>{row.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="events">
        <h2 id="events">Events</h2>
        <p>
          Every message has the same envelope: <code>type</code>, <code>timestamp</code> (when the event happened, ISO 8601
          with milliseconds), <code>providerSlug</code> and the event&apos;s <code>data</code>.
        </p>
        {WEBHOOK_EVENT_DOCS.map((event) => (
          <section key={event.type} aria-labelledby={`event-${event.type}`}>
            <h3 id={`event-${event.type}`}>
              <code>{event.type}</code>
            </h3>
            <p>
              <Inline text={event.when} />
            </p>
            <pre tabIndex={0} aria-label={`Example ${event.type} message`}>
              <code>{exampleEnvelope(event)}</code>
            </pre>
          </section>
        ))}
      </section>

      <section aria-labelledby="verify">
        <h2 id="verify">Verifying a message</h2>
        <p>
          Check the signature over the exact bytes received before trusting a message. With the reference library for
          TypeScript, <code>standardwebhooks</code> (it also rejects timestamps more than five minutes off):
        </p>
        <pre tabIndex={0} aria-label="TypeScript verification example">
          <code>{VERIFY_EXAMPLE}</code>
        </pre>
      </section>
    </article>
  );
}
