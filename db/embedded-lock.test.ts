import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireEmbeddedLock, releaseEmbeddedLock } from "./embedded-lock";

function tempDataDir(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pr-lock-")), "pglite");
}

/** A pid that certainly belonged to a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

afterEach(() => releaseEmbeddedLock());

describe("embedded database lock", () => {
  it("writes this process's pid beside the data directory and removes it on release", () => {
    const dir = tempDataDir();
    acquireEmbeddedLock(dir);
    expect(fs.readFileSync(`${dir}.lock`, "utf8").trim()).toBe(String(process.pid));
    acquireEmbeddedLock(dir); // again from the same process: fine
    releaseEmbeddedLock();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it("refuses a directory that a live process holds, naming that process", () => {
    const dir = tempDataDir();
    // The parent of this test process is certainly alive.
    fs.writeFileSync(`${dir}.lock`, `${process.ppid}\n`);
    expect(() => acquireEmbeddedLock(dir)).toThrow(
      new RegExp(`in use by process ${process.ppid} \\(is \`npm run dev\` running\\?\\)\\. Stop it, or set DATABASE_URL`),
    );
    expect(fs.readFileSync(`${dir}.lock`, "utf8").trim()).toBe(String(process.ppid));
  });

  it("takes over a lock left by a process that died", async () => {
    const dir = tempDataDir();
    fs.writeFileSync(`${dir}.lock`, `${await deadPid()}\n`);
    acquireEmbeddedLock(dir);
    expect(fs.readFileSync(`${dir}.lock`, "utf8").trim()).toBe(String(process.pid));
  });

  it("ignores in-memory databases", () => {
    expect(() => acquireEmbeddedLock("memory://")).not.toThrow();
  });
});
