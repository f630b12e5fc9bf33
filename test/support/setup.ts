import { afterAll, beforeAll } from "vitest";
import { closeDatabase, setDatabase } from "@/db";
import { createTestDatabase } from "./database";

// Every test file runs against its own fresh database (see database.ts).
let dispose: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const { handle, dispose: d } = await createTestDatabase();
  setDatabase(handle);
  dispose = d;
});

afterAll(async () => {
  // closeDatabase closes the handle; dispose also drops a Postgres test database.
  const d = dispose;
  dispose = undefined;
  if (d) await d();
  await closeDatabase().catch(() => {});
});
