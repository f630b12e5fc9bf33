import { AsyncLocalStorage } from "node:async_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { ListingFeed } from "./listing-changes";
import { StampedCache } from "./stamped-cache";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("StampedCache", () => {
  it("keeps no request alive through a cached answer: the answer is kept, not the promise that carried the request's context", async () => {
    // Next.js runs each request inside AsyncLocalStorage stores that reach its whole request and
    // response; a promise made during the request carries them (a production heap held 2 524
    // responses through 2 500 cached answers).
    const requestContext = new AsyncLocalStorage<{ request: object }>();
    const cache = new StampedCache<string>("profiles", 10);
    const feed = new ListingFeed();
    const subject = () => ({ kind: "slugs" as const, slugs: new Set(["a-slug"]) });
    // The metrics registry starts timers when first used: outside a request, as the server does at start-up.
    await cache.get(feed, "another-slug", subject, async () => "unrelated");
    let request: WeakRef<object> | undefined;
    await (async () => {
      const big = { body: "x".repeat(1_000_000) };
      request = new WeakRef(big);
      await requestContext.run({ request: big }, () => cache.get(feed, "a-slug", subject, async () => "the answer"));
    })();
    await settle();
    gc();
    await settle();
    gc();
    expect(request!.deref()).toBeUndefined();
    let computed = false;
    expect(await cache.get(feed, "a-slug", subject, async () => ((computed = true), "again"))).toBe("the answer");
    expect(computed).toBe(false);
  });

  it("shares one computation among concurrent misses, and keeps no failure", async () => {
    const cache = new StampedCache<string>("pages", 10);
    const feed = new ListingFeed();
    const subject = () => ({ kind: "unknown" as const });
    let calls = 0;
    const slow = async () => {
      calls += 1;
      await settle();
      return "shared";
    };
    expect(await Promise.all([cache.get(feed, "k", subject, slow), cache.get(feed, "k", subject, slow)])).toEqual(["shared", "shared"]);
    expect(calls).toBe(1);
    await expect(cache.get(feed, "bad", subject, async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get(feed, "bad", subject, async () => "recovered")).toBe("recovered");
  });
});
