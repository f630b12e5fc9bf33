// PostgreSQL text cannot hold U+0000: a NUL that reached a query would fail it with a database error
// (a 500). No field has a use for it, so every input boundary refuses it by name, before validation.

const MAX_REPORTED = 10;

/** Paths ("description", "portfolioLinks.2", "(key)") of strings in `value` that contain U+0000. */
export function findNulCharacters(value: unknown): string[] {
  const found: string[] = [];
  const visit = (node: unknown, path: string, depth: number) => {
    if (found.length >= MAX_REPORTED) return;
    if (typeof node === "string") {
      if (node.includes("\u0000")) found.push(path || "(body)");
      return;
    }
    // JSON.parse builds arbitrarily deep values; past any real input's depth, validation refuses them anyway.
    if (depth > 64 || node === null || typeof node !== "object") return;
    for (const [key, child] of Object.entries(node)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) found.push(`${path ? `${path}.` : ""}(key)`);
      visit(child, childPath, depth + 1);
    }
  };
  visit(value, "", 0);
  return found;
}
