import fs from "node:fs";
import path from "node:path";

// PGlite keeps its files in one directory and corrupts them when two processes open it at once.
// A lock file beside the directory (`<dataDir>.lock`, holding the owner's pid) keeps a second
// process out; a lock left by a process that died is taken over.

let held: { file: string } | undefined;

function lockFileFor(dataDir: string): string {
  return `${path.resolve(dataDir).replace(/[\\/]+$/, "")}.lock`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Creates the lock file with our pid in one step: the pid goes into a private file first, which is
 * then hard-linked into place. link() fails if the lock exists, so of two racing processes one wins,
 * and nobody ever reads a half-written lock.
 */
function tryCreate(file: string): boolean {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${process.pid}\n`);
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function releaseOnExit(): void {
  releaseEmbeddedLock();
}

/** Takes the lock on a PGlite data directory for this process, or throws if a live process has it. */
export function acquireEmbeddedLock(dataDir: string): void {
  if (dataDir.startsWith("memory://")) return;
  const file = lockFileFor(dataDir);
  if (held?.file === file) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });

  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(file)) {
      held = { file };
      process.once("exit", releaseOnExit);
      return;
    }
    const owner = readOwner(file);
    if (owner === process.pid) {
      held = { file };
      return;
    }
    if (owner !== null && isAlive(owner)) {
      const relative = path.relative(process.cwd(), path.resolve(dataDir));
      const shown = relative && !relative.startsWith("..") ? relative : path.resolve(dataDir);
      throw new Error(
        `The embedded database at ${shown} is in use by process ${owner} (is \`npm run dev\` running?). ` +
          "Stop it, or set DATABASE_URL to use Postgres.",
      );
    }
    // The owner died without cleaning up: take the lock over.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}; remove it if no process uses the embedded database.`);
}

/** Gives up this process's lock, if it holds one. */
export function releaseEmbeddedLock(): void {
  if (!held) return;
  const { file } = held;
  held = undefined;
  process.removeListener("exit", releaseOnExit);
  if (readOwner(file) === process.pid) fs.rmSync(file, { force: true });
}
