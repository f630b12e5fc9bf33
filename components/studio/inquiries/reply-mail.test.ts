import { describe, expect, it } from "vitest";
import { MAX_MAILTO_LENGTH, REPLY_SUBJECT, replyHref, SHORTENED_MARK } from "./reply-mail";

const inquiry = {
  email: "bea+studio@bakes.example",
  name: "Bea Baker",
  message: "We need a new booking site.\r\n\r\nThree locations, launching in spring.",
  deliveredAt: "2026-11-27T10:15:00.000Z",
};
const parts = (href: string) => {
  const url = new URL(href);
  return { to: decodeURIComponent(url.pathname), subject: url.searchParams.get("subject"), body: url.searchParams.get("body")! };
};

describe("replyHref", () => {
  it("mails the sender with our subject, and quotes the message below room to write", () => {
    const { to, subject, body } = parts(replyHref(inquiry));
    expect(to).toBe("bea+studio@bakes.example");
    expect(subject).toBe(REPLY_SUBJECT);
    expect(body).toBe(
      "\r\n\r\nOn 27 Nov 2026, 10:15 UTC, Bea Baker wrote:\r\n> We need a new booking site.\r\n>\r\n> Three locations, launching in spring.",
    );
  });

  it("encodes spaces and line breaks as %20 and %0D%0A, never as '+'", () => {
    const href = replyHref(inquiry);
    expect(href).toContain("%0D%0A%3E%20We%20need");
    expect(href).not.toContain("+");
  });

  it("cuts a long message's quote at a word to stay under the length mail programs take, and says so", () => {
    const words = "Our bakery needs online booking for cakes, with deposits, pick-up slots & ünïcödé names. ";
    const long = { ...inquiry, message: words.repeat(60).trim() };
    const href = replyHref(long);
    expect(href.length).toBeLessThanOrEqual(MAX_MAILTO_LENGTH);
    expect(href.length).toBeGreaterThan(MAX_MAILTO_LENGTH - 200);
    const { body } = parts(href);
    expect(body.endsWith(`\r\n${SHORTENED_MARK}`)).toBe(true);
    const quoted = body.split("\r\n").at(-2)!;
    expect(quoted.startsWith("> Our bakery needs")).toBe(true);
    // Cut between words: what is quoted is a prefix of the message ending on a whole word.
    const kept = quoted.slice(2);
    expect(long.message.startsWith(kept)).toBe(true);
    expect(long.message[kept.length]).toBe(" ");
  });

  it("leaves a message that fits whole, without the mark", () => {
    expect(parts(replyHref(inquiry)).body).not.toContain(SHORTENED_MARK);
  });
});
