import { afterEach, describe, expect, it, vi } from "vitest";
import { withEnv } from "@/test/support/env";
import { log } from "./log";

/** The lines written to stderr while `fn` runs. */
async function captureStderr(fn: () => void): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await withEnv({ LOG_LEVEL: "debug" }, async () => fn());
  } finally {
    spy.mockRestore();
  }
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe("log lines", () => {
  it("stay short whatever a request put into a field: long strings, errors, nested values", async () => {
    const huge = "x".repeat(1_000_000);
    const error = new Error(`duplicate key value (key)=(interest:ip:${huge})`);
    const lines = await captureStderr(() =>
      log.warn("request.5xx", {
        url: `/api/x?q=${huge}`,
        error,
        nested: { headers: { "x-forwarded-for": huge, list: Array.from({ length: 1000 }, () => huge) } },
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(10 * 1024);
    const entry = JSON.parse(lines[0]!) as { event: string; truncated?: string; head?: string };
    expect(entry.event).toBe("request.5xx");
    expect(entry.head ?? lines[0]).toContain("duplicate key value");
  });

  it("clips each long text on its own", async () => {
    const lines = await captureStderr(() => log.warn("long", { url: `/api/x?q=${"x".repeat(50_000)}` }));
    const entry = JSON.parse(lines[0]!) as { url: string };
    expect(entry.url).toMatch(/^\/api\/x\?q=x+…\(\d+ more characters\)$/);
  });

  it("keeps ordinary fields as they are", async () => {
    const lines = await captureStderr(() => log.warn("ordinary", { requestId: "abc", status: 500, ok: false, list: [1, 2] }));
    expect(JSON.parse(lines[0]!)).toMatchObject({ event: "ordinary", requestId: "abc", status: 500, ok: false, list: [1, 2] });
  });
});
