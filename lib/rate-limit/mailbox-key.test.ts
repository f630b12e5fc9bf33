import { describe, expect, it } from "vitest";
import { mailboxKey } from "./mailbox-key";

describe("mailboxKey", () => {
  it("drops a +tag, so every tagged address of one mailbox shares its limits", () => {
    expect(mailboxKey("ada+1@example.com")).toBe("ada@example.com");
    expect(mailboxKey("ada+news+more@example.com")).toBe("ada@example.com");
    expect(mailboxKey(" Ada+X@Example.COM ")).toBe("ada@example.com");
  });

  it("drops dots for Gmail only, and treats googlemail.com as gmail.com", () => {
    expect(mailboxKey("a.d.a+x@gmail.com")).toBe("ada@gmail.com");
    expect(mailboxKey("A.da@GoogleMail.com")).toBe("ada@gmail.com");
    expect(mailboxKey("a.da@example.com")).toBe("a.da@example.com");
  });

  it("keeps addresses whose mailbox name would be empty", () => {
    expect(mailboxKey("+tag@example.com")).toBe("+tag@example.com");
    expect(mailboxKey("...@gmail.com")).toBe("...@gmail.com");
  });

  it("collapses full-width look-alikes like the email schema does", () => {
    expect(mailboxKey("ａｄａ＋１@example.com")).toBe("ada@example.com");
  });
});
