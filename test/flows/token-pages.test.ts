import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { metadata as inquiryConfirmMetadata } from "@/app/inquiries/confirm/page";
import { metadata as listingConfirmMetadata } from "@/app/listing/confirm/page";
import ConfirmInquiryOutcomePage from "@/app/inquiries/confirm/outcome/page";
import { metadata as signInConfirmMetadata } from "@/app/signin/confirm/page";
import { metadata as verifyMetadata } from "@/app/verify/page";
import VerifyOutcomePage from "@/app/verify/outcome/page";
import { ConfirmOutcome } from "@/components/inquiries/confirm-outcome";
import { VerifyOutcome } from "@/components/verify/verify-outcome";
import { TokenPostForm } from "@/components/ui/token-post-form";

// The pages an emailed one-time link opens (/verify, /inquiries/confirm, /signin/confirm) share one
// set of parts (token-page.ts, token-post-form.tsx, token-outcome.tsx, token-confirmation.tsx).

const html = (element: ReactElement) => renderToStaticMarkup(element);
const outcomePage = async (page: typeof VerifyOutcomePage, result: string | string[] | undefined) =>
  html(await page({ searchParams: Promise.resolve({ result }) }));

describe("pages opened from an emailed link", () => {
  it("are never indexed and send no Referer, since their address carries the token", () => {
    for (const metadata of [verifyMetadata, inquiryConfirmMetadata, signInConfirmMetadata, listingConfirmMetadata]) {
      expect(metadata.referrer).toBe("no-referrer");
      expect(metadata.robots).toEqual({ index: false, follow: false });
    }
  });

  it("act only through a plain POST form carrying the link's values, which works without JavaScript", () => {
    const form = html(createElement(TokenPostForm, { action: "/verify/confirm", fields: { token: "abc" }, label: "Confirm my email" }));
    expect(form).toMatch(/^<form [^>]*action="\/verify\/confirm" method="post">/);
    expect(form).toContain('<input type="hidden" name="token" value="abc"/>');
    expect(form).toContain('<button type="submit"');
    // An expired application link offers a new one the same way.
    const expired = html(createElement(VerifyOutcome, { kind: "expired", token: "old" }));
    expect(expired).toContain('action="/verify/resend"');
    expect(expired).toContain('name="token" value="old"');
    // So does an expired inquiry link, which keeps the message; without the token it points back to the email.
    const inquiry = html(createElement(ConfirmOutcome, { kind: "expired", linkLifetimeHours: 24, token: "old" }));
    expect(inquiry).toContain('action="/inquiries/confirm/renew"');
    expect(inquiry).toContain("Your message is kept");
    const tokenless = html(createElement(ConfirmOutcome, { kind: "expired", linkLifetimeHours: 24 }));
    expect(tokenless).not.toContain("<form");
    expect(tokenless).toContain("Open the link from the email again");
  });

  it("land a script-less post on the outcome it names, and on 'press the button again' for anything else", async () => {
    expect(await outcomePage(VerifyOutcomePage, "resent")).toContain("A new link is on its way");
    expect(await outcomePage(ConfirmInquiryOutcomePage, "held")).toContain("Your message is kept for now");
    expect(await outcomePage(ConfirmInquiryOutcomePage, "renewed")).toContain("A new link is on its way");
    for (const result of ["retry", "delivered", ["resent"], undefined]) {
      const page = await outcomePage(VerifyOutcomePage, result);
      expect(page).toContain("Your email is not confirmed yet");
      expect(page).toContain('role="alert"');
    }
    expect(await outcomePage(ConfirmInquiryOutcomePage, "in-review")).toContain("Your message is not sent yet");
  });
});
