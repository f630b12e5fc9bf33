import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Text for screen readers only is styled by one class, `visuallyHidden` in components/ui/ui.module.css,
// which every page and component imports. A second definition drifts (the directory's copy lacked the
// margin and border resets), so no other style sheet may define such a class.
const root = process.cwd();
const HIDDEN_CLASS = /\.(visuallyHidden|visually-hidden|srOnly|sr-only)\b[^{]*\{/g;

function styleSheets(): string[] {
  return ["app", "components"].flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith(".css"))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name))),
  );
}

describe("the screen-reader-only class", () => {
  it("is defined once, in components/ui/ui.module.css", () => {
    const definitions = styleSheets().flatMap((file) =>
      [...fs.readFileSync(path.join(root, file), "utf8").matchAll(HIDDEN_CLASS)].map((m) => `${file}: .${m[1]}`),
    );
    expect(definitions).toEqual(["components/ui/ui.module.css: .visuallyHidden"]);
  });
});
