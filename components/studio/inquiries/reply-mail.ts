import { formatDateTime } from "@/components/ui/format";

/** The subject of the "Reply by email" link: ours, not the sender's words (an inquiry has no subject). */
export const REPLY_SUBJECT = "Re: your inquiry on Provider Registry";

/**
 * The longest mailto: address we hand the browser. Mail programs and the systems that pass the link to
 * them cut or refuse longer ones (2 083 characters was Windows' old limit, Outlook cuts near 2 000), and
 * a message of up to 5 000 characters, percent-encoded, is far longer.
 */
export const MAX_MAILTO_LENGTH = 2000;

/** Where a shortened quote stops, in the visitor's own words so the reply still reads well to them. */
export const SHORTENED_MARK = "> [… the rest of your message is shortened here]";

const CRLF = "\r\n";

/** The visitor's message quoted line by line, "> " before each (">" alone on an empty line). */
function quote(message: string): string {
  return message
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join(CRLF);
}

function mailto(email: string, body: string): string {
  const to = encodeURIComponent(email).replace("%40", "@");
  return `mailto:${to}?subject=${encodeURIComponent(REPLY_SUBJECT)}&body=${encodeURIComponent(body)}`;
}

/**
 * The "Reply by email" link: to the sender, our subject, and a body that leaves room to write, then
 * quotes the message ("On 27 Nov 2026, 10:15 UTC, Bea Baker wrote:" and "> " lines; line breaks as
 * CRLF, as RFC 6068 asks). Over MAX_MAILTO_LENGTH the quote is cut at a word, at the longest length
 * that fits, and ends with SHORTENED_MARK.
 */
export function replyHref(inquiry: { email: string; name: string; message: string; deliveredAt: string }): string {
  const opening = `${CRLF}${CRLF}On ${formatDateTime(inquiry.deliveredAt)}, ${inquiry.name} wrote:${CRLF}`;
  const whole = mailto(inquiry.email, opening + quote(inquiry.message));
  if (whole.length <= MAX_MAILTO_LENGTH) return whole;
  const chars = Array.from(inquiry.message.trimEnd());
  const shortened = (n: number) => mailto(inquiry.email, `${opening}${quote(chars.slice(0, n).join("").trimEnd())}${CRLF}${SHORTENED_MARK}`);
  // The longest prefix that fits: the encoded length grows with the prefix, so a binary search finds it.
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (shortened(mid).length <= MAX_MAILTO_LENGTH) low = mid;
    else high = mid - 1;
  }
  // Back to the last space or line break within 40 characters, so no word is cut in half.
  const lastBreak = chars.slice(0, low).findLastIndex((c, i) => /\s/.test(c) && low - i <= 40);
  return shortened(lastBreak > 0 ? lastBreak : low);
}
