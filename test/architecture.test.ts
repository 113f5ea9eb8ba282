// docs/architecture.md's table of the arrows, held against the code: every relative import of src/ (type
// imports and re-exports too) must go to the importing room itself or to a room its line lists, and every
// room of src/ must have a line. A new arrow is a decision to write down there, or a defect to mend.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/markdown-blocks.js";

const SRC = resolve(ROOT, "src");

/** The room of a path under src/: its first folder (`run/`), or the file itself for one directly in src/. */
function roomOf(path: string): string {
  const rel = relative(SRC, path);
  if (rel.startsWith("..")) return "outside";
  const [first, ...rest] = rel.split("/");
  return rest.length > 0 ? `${first}/` : first!.replace(/\.js$/, ".ts");
}

/** The table between the arrows markers: each room (a line may name several) and what it may import. */
function allowedArrows(): Map<string, Set<string>> {
  const doc = readFileSync(resolve(ROOT, "docs/architecture.md"), "utf8");
  const table = /<!-- arrows -->\n([\s\S]*?)<!-- \/arrows -->/.exec(doc)?.[1] ?? "";
  const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  const allowed = new Map<string, Set<string>>();
  for (const line of table.split("\n").slice(2)) {
    const [, rooms, may] = line.split("|");
    if (rooms === undefined || may === undefined) continue;
    for (const room of names(rooms)) allowed.set(room, new Set(names(may)));
  }
  return allowed;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every relative specifier a file imports or re-exports, with its line. */
function importsOf(file: string): Array<{ line: number; target: string }> {
  const text = readFileSync(file, "utf8");
  const found: Array<{ line: number; target: string }> = [];
  for (const match of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm)) {
    const line = text.slice(0, match.index).split("\n").length;
    found.push({ line, target: resolve(dirname(file), match[1]!) });
  }
  return found;
}

describe("the arrows of docs/architecture.md", () => {
  const allowed = allowedArrows();
  const files = sourceFiles(SRC);

  it("name every room of src/", () => {
    const rooms = new Set(files.map(roomOf));
    expect([...rooms].filter((room) => !allowed.has(room)).sort()).toEqual([]);
  });

  it("are the only arrows the code draws", () => {
    const wrong = files.flatMap((file) => {
      const from = roomOf(file);
      return importsOf(file)
        .filter(({ target }) => {
          const to = roomOf(target);
          if (to === from) return false;
          // The package's own manifest (the version), read by the rooms the table says.
          if (to === "outside") return !(target === resolve(ROOT, "package.json"));
          return !allowed.get(from)?.has(to);
        })
        .map(
          ({ line, target }) =>
            `${relative(ROOT, file)}:${line} ${from} → ${roomOf(target)} (${relative(ROOT, target)})`,
        );
    });
    expect(wrong).toEqual([]);
  });

  it("would see an arrow the table does not list", () => {
    // The reader itself: report/ importing run/ is named as a wrong arrow.
    const report = allowed.get("report/")!;
    expect(report.has("run/")).toBe(false);
    expect(roomOf(resolve(SRC, "report/markdown.ts"))).toBe("report/");
    expect(importsOf(resolve(SRC, "cli.ts")).map(({ target }) => roomOf(target))).toContain("cli/");
  });
});

describe("the files of src/", () => {
  it("have names unique across rooms, so a name says which file it is", () => {
    const byName = new Map<string, string[]>();
    for (const file of sourceFiles(SRC)) {
      const name = file.split("/").at(-1)!;
      byName.set(name, [...(byName.get(name) ?? []), relative(SRC, file)]);
    }
    expect([...byName.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });
});
