import type { FixtureSet } from "./types";

// Fixtures of the inquiries spec: a listed provider taking clients, with an OWNER and a MEMBER.
export const INQUIRIES_FIXTURES = {
  providers: [
    {
      name: "E2E Inquiry Studio",
      slug: "e2e-inquiry-studio",
      approved: true,
      published: true,
      headline: "Websites for small teams",
      owner: { email: "inquiry-owner@e2e.example", name: "Olive Owner" },
      members: [{ email: "inquiry-member@e2e.example", name: "Milo Member", role: "MEMBER", status: "ACCEPTED" }],
    },
  ],
  // A visitor who wrote and did not confirm in time: "Send me a new link" must keep the message.
  expiredInquiries: [
    {
      name: "Kit Late",
      email: "inquiry-expired@e2e.example",
      providerSlug: "e2e-inquiry-studio",
      message: "A shop for our tea house, kept while my link expired. Could you help us?",
      token: "E2eExpiredInquiryLink_000000000000000000000",
    },
  ],
} satisfies FixtureSet;
