import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { inquiries, type Provider } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import { submitInquiryFromForm } from "./submit-inquiry";

// Server actions read the request headers through next/headers, which only works inside a request.
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

let provider: Provider;
beforeAll(async () => {
  provider = await makeProvider(getDb());
});

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

describe("the contact form's action (a plain form post)", () => {
  it("stores the inquiry awaiting confirmation and answers with the address to check", async () => {
    const email = `form-${Date.now()}@example.com`;
    const state = await submitInquiryFromForm(
      null,
      form({ slug: provider.slug, name: "Fay Form", email, company: "", budget: "", timeline: "asap", message: "Posted as a plain form, twenty chars+.", website2: "" }),
    );
    expect(state?.result).toMatchObject({ ok: true, data: { email } });
    const [row] = await getDb().select().from(inquiries).where(eq(inquiries.senderEmail, email));
    expect(row).toMatchObject({ status: "AWAITING_VERIFICATION", timeline: "asap", budget: null, senderCompany: null });
  });

  it("hands back every typed value with the field errors, so a re-rendered form loses nothing", async () => {
    const typed = { slug: provider.slug, name: "", email: "not-an-email", company: "Acme", budget: "5k-25k", timeline: "", message: "short" };
    const state = await submitInquiryFromForm(null, form(typed));
    expect(state?.result.ok).toBe(false);
    if (state?.result.ok !== false) return;
    expect(Object.keys(state.result.fieldErrors ?? {}).sort()).toEqual(["email", "message", "name"]);
    const { slug: _slug, ...values } = typed;
    expect(state.values).toEqual(values);
  });

  it("answers 409's code for a provider not taking clients, keeping the text", async () => {
    const closed = await makeProvider(getDb(), { acceptingClients: false });
    const state = await submitInquiryFromForm(
      null,
      form({ slug: closed.slug, name: "Gus", email: `closed-${Date.now()}@example.com`, message: "Are you taking any work at all?" }),
    );
    expect(state?.result).toMatchObject({ ok: false, code: "NOT_ACCEPTING_CLIENTS" });
    expect(state?.values.message).toBe("Are you taking any work at all?");
  });
});
