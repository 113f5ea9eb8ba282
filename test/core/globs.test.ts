import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { globProblem, resolveGlobs } from "../../src/core/globs.js";
import { tempDir } from "../support/temp.js";

let base: string;
let outside: string;

beforeAll(() => {
  base = tempDir("glob");
  for (const path of [
    "a.md",
    "replies/b.md",
    "replies/c.patch",
    "replies/deep/d.jsonl",
    ".hidden/e.md",
    "node_modules/x/f.md",
  ]) {
    mkdirSync(join(base, path, ".."), { recursive: true });
    writeFileSync(join(base, path), path);
  }
  outside = join(tempDir("outside"), "outside.md");
  writeFileSync(outside, "secret");
});

const rels = async (patterns: string[]) => (await resolveGlobs("files", patterns, base)).map((m) => m.relative);

describe("resolveGlobs", () => {
  it("matches relative to the base tree, sorted, with ** and negation", async () => {
    expect(await rels(["**/*.md"])).toEqual([".hidden/e.md", "a.md", "replies/b.md"]);
    expect(await rels(["replies/**", "!**/*.patch"])).toEqual(["replies/b.md", "replies/deep/d.jsonl"]);
    expect(await rels(["./a.md", join(base, "replies/b.md")])).toEqual(["a.md", "replies/b.md"]);
  });

  it("sorts by code unit, not by the locale's collation, so every machine lists alike", async () => {
    const dir = tempDir("glob-order");
    // The locale's collation puts a before B and ignores the underscore; code units put B and Z first.
    for (const name of ["b.md", "a.md", "B.md", "_c.md", "Z.md"]) writeFileSync(join(dir, name), name);
    expect((await resolveGlobs("files", ["*.md"], dir)).map((m) => m.relative)).toEqual([
      "B.md",
      "Z.md",
      "_c.md",
      "a.md",
      "b.md",
    ]);
  });

  it("names the input and the pattern that matched nothing", async () => {
    await expect(resolveGlobs("tests", ["a.md", "tests/**/*.py"], base)).rejects.toThrow(
      "Input 'tests': 'tests/**/*.py' matches no file under",
    );
  });

  it("with allowNone, gives what matched and leaves the missing to the caller", async () => {
    const found = await resolveGlobs("FILE", ["a.md", "tests/**/*.py"], base, { allowNone: true });
    expect(found.map((m) => m.relative)).toEqual(["a.md"]);
    expect(await resolveGlobs("FILE", ["nothing/**"], base, { allowNone: true })).toEqual([]);
  });

  it("refuses a symlink that leads out of the tree", async () => {
    const dir = tempDir("glob-link");
    symlinkSync(outside, join(dir, "evil.md"));
    await expect(resolveGlobs("tests", ["*.md"], dir)).rejects.toThrow("'evil.md' resolves outside");
  });

  it("says when the base tree does not exist", async () => {
    await expect(resolveGlobs("files", ["*"], join(base, "nope"))).rejects.toThrow("Input 'files': base directory");
  });
});

describe("globProblem", () => {
  it("takes relative globs inside the work dir, and names what is wrong with the others", () => {
    expect(globProblem("reports/**/*.xml")).toBeUndefined();
    expect(globProblem("/tmp/r.xml")).toMatch(/absolute/);
    expect(globProblem("../r.xml")).toMatch(/'\.\.'/);
    expect(globProblem("a\nb")).toMatch(/control character/);
    expect(globProblem("!skip.xml")).toMatch(/negation/);
  });
});
