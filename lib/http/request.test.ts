import { describe, expect, it } from "vitest";
import { requestIdFor } from "./request";

describe("requestIdFor", () => {
  it("echoes a well-formed id and replaces anything else", () => {
    const ok = new Request("http://localhost/", { headers: { "x-request-id": "abc.DEF_1:2-3" } });
    expect(requestIdFor(ok)).toBe("abc.DEF_1:2-3");
    const tooLong = new Request("http://localhost/", { headers: { "x-request-id": "a".repeat(129) } });
    expect(requestIdFor(tooLong)).not.toBe("a".repeat(129));
  });
});
