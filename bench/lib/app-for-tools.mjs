// A running production build on a small benchmark database, for the page tools (Lighthouse, JS size).
import path from "node:path";
import { createBenchDatabase, sampleData } from "./database.mjs";
import { startApp } from "./processes.mjs";

export async function withSmallApp({ root, appDir, port, serverUrl, providers = 1000 }, fn) {
  const log = (m) => console.log(`[bench] ${m}`);
  const db = await createBenchDatabase({ serverUrl, name: `pr_bench_tools_${port}`, providers, toolsDir: root, log });
  const app = await startApp({ appDir: path.resolve(appDir), port, databaseUrl: db.url });
  try {
    const sample = await sampleData(db.url);
    return await fn({ baseUrl: app.baseUrl, slug: sample.listedSlug });
  } finally {
    await app.stop();
    await db.drop();
  }
}

export const DEFAULT_SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
