import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providers } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import { SCRIPT_HASHES_HEADER } from "@/lib/http/request-guard";
import { registerListingVersionHook } from "./listing-version-hook";

type Handler = {
  get(key: string, ctx: unknown): Promise<{ lastModified: number; value: unknown } | null>;
  set(key: string, data: unknown, ctx: unknown): Promise<void>;
};
const HandlerClass = createRequire(import.meta.url)("./page-cache-handler.cjs") as new (ctx: unknown) => Handler;

// Keys as Next.js builds them: route-cache directory, route kind, a hash of the route, "/$", pathname.
const key = (pathname: string) => `/route-cache/app-page/0123abcd/$${pathname}`;
const page = (html: string) => ({ kind: "APP_PAGE", html, rscData: Buffer.from(html), headers: {}, status: 200 });
const ctx = { kind: "APP_PAGE" };

// Next.js's file-system cache reads through this interface; an empty build directory has nothing.
const cacheFs = {
  existsSync: fs.existsSync,
  readFile: (f: string) => fs.promises.readFile(f),
  readFileSync: (f: string) => fs.readFileSync(f),
  writeFile: (f: string, d: string) => fs.promises.writeFile(f, d),
  mkdir: (d: string) => fs.promises.mkdir(d, { recursive: true }),
  stat: (f: string) => fs.promises.stat(f),
};

function newHandler(): Handler {
  const serverDistDir = fs.mkdtempSync(`${os.tmpdir()}/page-cache-`);
  return new HandlerClass({ fs: cacheFs, flushToDisk: false, serverDistDir, maxMemoryCacheSize: 0 });
}

/** What Next.js does for one request: look up, and on a miss render and store. */
async function serve(handler: Handler, pathname: string, render: () => Promise<string>): Promise<string> {
  const hit = await handler.get(key(pathname), ctx);
  if (hit) return (hit.value as { html: string }).html;
  const html = await render();
  await handler.set(key(pathname), page(html), ctx);
  return html;
}

beforeAll(() => registerListingVersionHook());

describe("the listing page cache", () => {
  it("serves a profile page from memory until its provider changes, then renders it again", async () => {
    const db = getDb();
    const p = await makeProvider(db, { slug: "cached-page", name: "Before" });
    const handler = newHandler();
    let renders = 0;
    const render = async () => {
      renders++;
      const [row] = await db.select({ name: providers.name }).from(providers).where(eq(providers.id, p.id));
      return `<h1>${row?.name}</h1>`;
    };
    expect(await serve(handler, "/providers/cached-page", render)).toBe("<h1>Before</h1>");
    expect(await serve(handler, "/providers/cached-page", render)).toBe("<h1>Before</h1>");
    expect(renders).toBe(1);

    await db.update(providers).set({ name: "After" }).where(eq(providers.id, p.id));
    expect(await serve(handler, "/providers/cached-page", render)).toBe("<h1>After</h1>");
    expect(renders).toBe(2);
  });

  it("never keeps a render that a change committed during it could have made stale", async () => {
    const db = getDb();
    const p = await makeProvider(db, { slug: "mid-render", name: "Old name" });
    const handler = newHandler();
    // The render reads the old row, then the change commits before the page is stored.
    expect(
      await serve(handler, "/providers/mid-render", async () => {
        const html = "<h1>Old name</h1>";
        await db.update(providers).set({ name: "New name" }).where(eq(providers.id, p.id));
        return html;
      }),
    ).toBe("<h1>Old name</h1>");
    expect(await serve(handler, "/providers/mid-render", async () => "<h1>New name</h1>")).toBe("<h1>New name</h1>");
  });

  it("caches the directory's views too, and leaves other pages to Next.js's own cache", async () => {
    const handler = newHandler();
    let renders = 0;
    const render = async () => `<p>${++renders}</p>`;
    await serve(handler, "/providers/page/design/-/-", render);
    await serve(handler, "/providers/page/design/-/-", render);
    expect(renders).toBe(1);
    // Not a listing page: Next.js's file-system cache answers (nothing built here, so a miss each time).
    await expect(handler.get(key("/apply"), ctx)).resolves.toBeNull();
  });

  it("keeps a profile page while other listings change, and follows an old slug's redirect to its provider", async () => {
    const db = getDb();
    const own = await makeProvider(db, { slug: "kept-profile", name: "Kept" });
    const other = await makeProvider(db, { slug: "other-profile" });
    const handler = newHandler();
    let renders = 0;
    const render = (html: string) => async () => {
      renders++;
      return html;
    };
    await serve(handler, "/providers/kept-profile", render('<h1>Kept</h1><a href="/providers/kept-profile/inquiries">Contact</a>'));
    for (const change of [{ name: "Other renamed" }, { featured: true }, { publicProfile: false }]) {
      await db.update(providers).set(change).where(eq(providers.id, other.id));
      await serve(handler, "/providers/kept-profile", render("<h1>rendered again</h1>"));
    }
    expect(renders).toBe(1);

    // An old slug answers a redirect naming its provider's current slug: kept until that provider changes.
    expect(await handler.get(key("/providers/kept-old"), ctx)).toBeNull();
    await handler.set(key("/providers/kept-old"), { kind: "APP_PAGE", html: "", rscData: Buffer.from(""), status: 308, headers: { location: "/providers/kept-profile" } }, ctx);
    await db.update(providers).set({ headline: "Other again" }).where(eq(providers.id, other.id));
    expect(await handler.get(key("/providers/kept-old"), ctx)).not.toBeNull();
    await db.update(providers).set({ slug: "kept-profile-next" }).where(eq(providers.id, own.id));
    expect(await handler.get(key("/providers/kept-old"), ctx)).toBeNull();
    expect(await handler.get(key("/providers/kept-profile"), ctx)).toBeNull();
  });

  it("keeps a directory view through edits of providers it does not show, not through a change of any list's members", async () => {
    const db = getDb();
    const shown = await makeProvider(db, { slug: "view-shown" });
    const elsewhere = await makeProvider(db, { slug: "view-elsewhere" });
    const handler = newHandler();
    const view = "/providers/page/-/-/7";
    let renders = 0;
    const render = async () => `<ul><li><a href="/providers/view-shown">Shown</a></li></ul><p>${++renders}</p>`;
    await serve(handler, view, render);
    await db.update(providers).set({ headline: "Not on this page" }).where(eq(providers.id, elsewhere.id));
    await serve(handler, view, render);
    expect(renders).toBe(1);
    await db.update(providers).set({ headline: "On this page" }).where(eq(providers.id, shown.id));
    await serve(handler, view, render);
    expect(renders).toBe(2);
    // A provider joins a specialty: counts and places can move on every view.
    await db.update(providers).set({ specialties: ["DATA"] }).where(eq(providers.id, elsewhere.id));
    await serve(handler, view, render);
    expect(renders).toBe(3);
  });

  it("renders every time while the app has not said how to read listing changes", async () => {
    const hook = Symbol.for("provider-registry.listing-page-cache");
    const registered = (globalThis as Record<symbol, unknown>)[hook];
    (globalThis as Record<symbol, unknown>)[hook] = undefined;
    try {
      const handler = newHandler();
      let renders = 0;
      await serve(handler, "/providers/no-hook", async () => `<p>${++renders}</p>`);
      await serve(handler, "/providers/no-hook", async () => `<p>${++renders}</p>`);
      expect(renders).toBe(2);
    } finally {
      (globalThis as Record<symbol, unknown>)[hook] = registered;
    }
  });

  it("gives a page it stores the digests of its inline scripts, on the response that rendered it and from the cache", async () => {
    const handler = newHandler();
    expect(await handler.get(key("/providers/with-scripts"), ctx)).toBeNull();
    const html = "<html><script>self.__next_f.push([1])</script><script src=/a.js></script></html>";
    const rendered = { kind: "APP_PAGE", html, rscData: Buffer.from(""), status: 200, headers: { "x-nextjs-stale-time": "300" } };
    const live = rendered.headers;
    await handler.set(key("/providers/with-scripts"), rendered, ctx);
    const digest = `'sha256-${createHash("sha256").update("self.__next_f.push([1])").digest("base64")}'`;
    // Next.js sends this same headers object with the response that rendered the page.
    expect(live).toMatchObject({ [SCRIPT_HASHES_HEADER]: digest });
    const cached = await handler.get(key("/providers/with-scripts"), ctx);
    expect(cached?.value).toMatchObject({ headers: { [SCRIPT_HASHES_HEADER]: digest } });
  });

  it("answers an old slug's redirect with one Location header, both when rendered and from the cache", async () => {
    const handler = newHandler();
    expect(await handler.get(key("/providers/moved-away"), ctx)).toBeNull();
    // What Next.js hands over after rendering a permanentRedirect: the live response already has
    // the header, and would append this copy again.
    const rendered = { kind: "APP_PAGE", html: "", rscData: Buffer.from(""), status: 308, headers: { location: "/providers/new" } };
    await handler.set(key("/providers/moved-away"), rendered, ctx);
    expect(rendered.headers).not.toHaveProperty("location");
    const cached = await handler.get(key("/providers/moved-away"), ctx);
    expect(cached?.value).toMatchObject({ status: 308, headers: { location: "/providers/new" } });
  });
});
