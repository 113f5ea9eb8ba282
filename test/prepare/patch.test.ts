import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applyPatch,
  parsePatch,
  pathThroughSymlink,
  touchedPaths,
  type ApplyFailure,
  type ApplyOptions,
  type ApplySuccess,
} from "../../src/prepare/patch.js";
import { readTree } from "../support/tree.js";

/** Files as text, handed to the applier as UTF-8 bytes (files in other encodings: the "bytes" tests). */
type Tree = Record<string, string>;

/** Our outcome with the files it wrote read back as UTF-8 text, to compare with the cases' texts. */
type TextSuccess = Omit<ApplySuccess, "files"> & { files: Map<string, string | null> };
type TextOutcome = TextSuccess | ApplyFailure;

const text = (...lines: string[]): string => lines.map((line) => `${line}\n`).join("");
const crlf = (content: string): string => content.replace(/\n/g, "\r\n");
const fixture = (name: string): string => readFileSync(new URL(`fixtures/patches/${name}`, import.meta.url), "utf8");
/** A fixture patch's base tree (fixtures/patches/NAME/), as text. */
const fixtureTree = (name: string): Tree =>
  Object.fromEntries(
    [...readTree(new URL(`fixtures/patches/${name}`, import.meta.url).pathname).files].map(([path, bytes]) => [
      path,
      bytes.toString(),
    ]),
  );
const FUZZ: ApplyOptions = { maxStrategy: "fuzz" };

function apply(tree: Tree, patch: string, opts?: ApplyOptions): TextOutcome {
  const bytes = new Map(Object.entries(tree).map(([path, content]) => [path, Buffer.from(content)]));
  const outcome = applyPatch(bytes, parsePatch(patch), opts);
  if (!outcome.ok) return outcome;
  const files = [...outcome.files].map(
    ([path, content]) => [path, content && Buffer.from(content).toString()] as const,
  );
  return { ...outcome, files: new Map(files) };
}

function applied(tree: Tree, patch: string, opts?: ApplyOptions): TextSuccess {
  const outcome = apply(tree, patch, opts);
  if (!outcome.ok) throw new Error(`expected the patch to apply: ${outcome.reason}`);
  return outcome;
}

function refused(tree: Tree, patch: string, opts?: ApplyOptions): ApplyFailure {
  const outcome = apply(tree, patch, opts);
  if (outcome.ok) throw new Error(`expected the patch to fail, it changed ${outcome.changed.join(", ")}`);
  return outcome;
}

// The references: `git apply` (or GNU patch) in a scratch directory, with no user or system configuration.
const scratch = mkdtempSync(join(tmpdir(), "sandbox-gate-patch-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let scratchRuns = 0;
const gitEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };

/** A command line that applies the patch file named after it, in the current directory. */
type Tool = readonly string[];
const gitApply = (...args: string[]): Tool => ["git", "-c", "core.autocrlf=false", "apply", ...args];
const gnuPatch = (...args: string[]): Tool => [
  "patch",
  "-p1",
  "--batch",
  "--no-backup-if-mismatch",
  "--reject-file=-",
  ...args,
  "-i",
];
const hasGnuPatch = spawnSync("patch", ["--version"]).stdout?.toString().startsWith("GNU patch") ?? false;

/** Every path the tree or the patch names → content after the tool ran, null when absent; null when it refused. */
function reference(tree: Tree, patch: string, tool: Tool = gitApply()): Map<string, string | null> | null {
  const run = join(scratch, String(scratchRuns++));
  const work = join(run, "work");
  mkdirSync(work, { recursive: true });
  for (const [path, content] of Object.entries(tree)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), content);
  }
  writeFileSync(join(run, "candidate.patch"), patch);
  execFileSync("git", ["init", "-q"], { cwd: work, env: gitEnv });
  const [command, ...args] = tool;
  const status = spawnSync(command!, [...args, join(run, "candidate.patch")], { cwd: work, env: gitEnv }).status;
  if (status !== 0) return null;
  return new Map(
    namedPaths(tree, patch).map((path) => [
      path,
      existsSync(join(work, path)) ? readFileSync(join(work, path), "utf8") : null,
    ]),
  );
}

function namedPaths(tree: Tree, patch: string): string[] {
  return [...new Set([...Object.keys(tree), ...touchedPaths(parsePatch(patch))])].sort();
}

/** Our outcome, in the shape `reference` reports. */
function afterApply(tree: Tree, patch: string, outcome: TextSuccess): Map<string, string | null> {
  return new Map(
    namedPaths(tree, patch).map((path) => [
      path,
      outcome.files.has(path) ? outcome.files.get(path)! : (tree[path] ?? null),
    ]),
  );
}

/**
 * Applies the patch (with `opts`: by default as far as git apply goes) and checks that the reference tool
 * agrees: the same files, or a refusal from both.
 */
function asReference(tree: Tree, patch: string, tool: Tool = gitApply(), opts?: ApplyOptions): TextOutcome {
  const outcome = apply(tree, patch, opts);
  const expected = reference(tree, patch, tool);
  if (!outcome.ok) expect(expected, `${tool[0]} applied what we refused (${outcome.reason})`).toBeNull();
  else expect(afterApply(tree, patch, outcome)).toEqual(expected);
  return outcome;
}

function expectApplied(outcome: TextOutcome): asserts outcome is TextSuccess {
  expect(outcome.ok ? "" : outcome.reason).toBe("");
}

// A small module with two bugs, and the patch a model wrote for them.
const STATS = text(
  '"""Small statistics helpers."""',
  "",
  "from collections import Counter",
  "",
  "",
  "def mean(xs):",
  "    return sum(xs) / len(xs)",
  "",
  "",
  "def median(xs):",
  "    s = sorted(xs)",
  "    n = len(s)",
  "    mid = n // 2",
  "    if n % 2:",
  "        return s[mid]",
  "    return s[mid - 1] + s[mid] / 2",
  "",
  "",
  "def mode(xs):",
  "    return Counter(xs).most_common(1)[0][0]",
);

const STATS_FIX = text(
  "diff --git a/stats.py b/stats.py",
  "index 3b18e51..a9c2f4d 100644",
  "--- a/stats.py",
  "+++ b/stats.py",
  "@@ -4,6 +4,8 @@ from collections import Counter",
  " ",
  " ",
  " def mean(xs):",
  "+    if not xs:",
  '+        raise ValueError("mean of empty data")',
  "     return sum(xs) / len(xs)",
  " ",
  " ",
  "@@ -13,7 +15,7 @@ def median(xs):",
  "     mid = n // 2",
  "     if n % 2:",
  "         return s[mid]",
  "-    return s[mid - 1] + s[mid] / 2",
  "+    return (s[mid - 1] + s[mid]) / 2",
  " ",
  " ",
  " def mode(xs):",
);

const STATS_FIXED = STATS.replace(
  "def mean(xs):\n",
  'def mean(xs):\n    if not xs:\n        raise ValueError("mean of empty data")\n',
).replace("s[mid - 1] + s[mid] / 2", "(s[mid - 1] + s[mid]) / 2");

describe("applyPatch, checked against git apply", () => {
  it("modifies a file with two hunks at their stated lines", () => {
    const outcome = asReference({ "stats.py": STATS }, STATS_FIX);
    expect(outcome).toEqual({
      ok: true,
      files: new Map([["stats.py", STATS_FIXED]]),
      executable: new Set(),
      changed: ["stats.py"],
      strategy: "exact",
    });
  });

  it("adds a file in a new directory", () => {
    const patch = text(
      "diff --git a/tests/test_stats.py b/tests/test_stats.py",
      "new file mode 100644",
      "index 0000000..5d3e0a1",
      "--- /dev/null",
      "+++ b/tests/test_stats.py",
      "@@ -0,0 +1,2 @@",
      "+def test_mean():",
      "+    assert mean([1, 2]) == 1.5",
    );
    const outcome = asReference({ "stats.py": STATS }, patch);
    expectApplied(outcome);
    expect(outcome.files).toEqual(
      new Map([["tests/test_stats.py", "def test_mean():\n    assert mean([1, 2]) == 1.5\n"]]),
    );
    expect(outcome.strategy).toBe("exact");
  });

  it("adds an empty file (a git diff with no hunks)", () => {
    const patch = text(
      "diff --git a/pkg/__init__.py b/pkg/__init__.py",
      "new file mode 100644",
      "index 0000000..e69de29",
    );
    expectApplied(asReference({}, patch));
    expect(applied({}, patch).files).toEqual(new Map([["pkg/__init__.py", ""]]));
  });

  const DELETE = text(
    "diff --git a/notes.txt b/notes.txt",
    "deleted file mode 100644",
    "index 814f4a4..0000000",
    "--- a/notes.txt",
    "+++ /dev/null",
    "@@ -1,2 +0,0 @@",
    "-one",
    "-two",
  );

  it("deletes a file whose content matches", () => {
    const outcome = asReference({ "notes.txt": "one\ntwo\n", "keep.txt": "k\n" }, DELETE);
    expectApplied(outcome);
    expect(outcome.files).toEqual(new Map([["notes.txt", null]]));
    expect(outcome.changed).toEqual(["notes.txt"]);
  });

  it.each([
    ["a different line", "one\nTWO\n", "notes.txt hunk 1 (@@ -1,2 +0,0 @@): context does not match"],
    [
      "lines the patch does not remove",
      "one\ntwo\nthree\n",
      "notes.txt: the patch deletes it, but the file holds more than the patch removes",
    ],
  ])("refuses to delete a file holding %s", (_, content, reason) => {
    const outcome = asReference({ "notes.txt": content }, DELETE);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toContain(reason);
  });

  it("renames a file without changing it", () => {
    const patch = text(
      "diff --git a/util/helpers.py b/util/text.py",
      "similarity index 100%",
      "rename from util/helpers.py",
      "rename to util/text.py",
    );
    const outcome = asReference({ "util/helpers.py": "def strip(s):\n    return s.strip()\n" }, patch);
    expectApplied(outcome);
    expect(outcome.files).toEqual(
      new Map([
        ["util/helpers.py", null],
        ["util/text.py", "def strip(s):\n    return s.strip()\n"],
      ]),
    );
    expect(outcome.changed).toEqual(["util/helpers.py", "util/text.py"]);
  });

  it("applies a real git format-patch mail: module fix, new test, README, renamed and changed helper", () => {
    const tree = fixtureTree("tally-most-common");
    const patch = fixture("tally-most-common.patch");
    const outcome = asReference(tree, patch);
    expectApplied(outcome);
    expect(outcome.changed).toEqual([
      "README.md",
      "tally/_helpers.py",
      "tally/core.py",
      "tally/util.py",
      "tests/test_core.py",
    ]);
    expect(outcome.files.get("tally/_helpers.py")).toBeNull();
    expect(outcome.files.get("tally/util.py")).toContain("key=lambda p: p[1], reverse=True)\n");
    expect(outcome.files.get("tally/core.py")).toMatch(/^from \.util import identity, sort_pairs\n/);
    expect(outcome.strategy).toBe("exact");
  });

  it("applies a plain `diff -u` with timestamps and old/ new/ directories", () => {
    const outcome = asReference(fixtureTree("greet-diff-u"), fixture("greet-diff-u.patch"));
    expectApplied(outcome);
    expect(outcome.files.get("greet.py")).toContain('return f"Hello, {name}!"\n');
  });

  it("ignores a model's prose before and after the diff", () => {
    const reply = `The median is wrong for even lengths and mean fails on empty input.\nHere is the fix:\n\n${STATS_FIX}\nThis also guards mean() against an empty list.\n- It keeps the API.\n`;
    expect(asReference({ "stats.py": STATS }, reply)).toMatchObject({
      ok: true,
      files: new Map([["stats.py", STATS_FIXED]]),
    });
  });

  it("applies patches for the same file one after the other", () => {
    const patch = text(
      "diff --git a/n.txt b/n.txt",
      "--- a/n.txt",
      "+++ b/n.txt",
      "@@ -1,2 +1,3 @@",
      " 1",
      "+1.5",
      " 2",
      "diff --git a/n.txt b/n.txt",
      "--- a/n.txt",
      "+++ b/n.txt",
      "@@ -2,2 +2,2 @@",
      " 1.5",
      "-2",
      "+two",
    );
    expect(asReference({ "n.txt": "1\n2\n" }, patch)).toMatchObject({
      ok: true,
      files: new Map([["n.txt", "1\n1.5\ntwo\n"]]),
    });
  });

  it("reads paths without a/ b/ prefixes (git apply needs -p0 for them)", () => {
    const patch = STATS_FIX.replace(/^diff --git .*\n/m, "")
      .replace("--- a/stats.py", "--- stats.py")
      .replace("+++ b/stats.py", "+++ stats.py");
    expect(asReference({ "stats.py": STATS }, patch, gitApply("-p0"))).toMatchObject({
      ok: true,
      changed: ["stats.py"],
    });
  });

  it("takes an omitted hunk count as 1", () => {
    const patch = text("--- a/v.py", "+++ b/v.py", "@@ -1 +1,2 @@", " x = 1", "+y = 2");
    expect(asReference({ "v.py": "x = 1\n" }, patch)).toMatchObject({
      ok: true,
      files: new Map([["v.py", "x = 1\ny = 2\n"]]),
    });
  });

  it("reads an empty line in a hunk as an empty context line", () => {
    const patch = STATS_FIX.replace(/^ $/gm, "");
    expect(asReference({ "stats.py": STATS }, patch)).toMatchObject({
      ok: true,
      files: new Map([["stats.py", STATS_FIXED]]),
    });
  });

  it("inserts a hunk without context (diff -U0) at its stated line, as git apply --unidiff-zero does", () => {
    const tree = { "v.txt": text("1", "2", "3", "4", "5") };
    const patch = text("--- a/v.txt", "+++ b/v.txt", "@@ -3,0 +4 @@", "+3.5");
    expect(asReference(tree, patch, gitApply("--unidiff-zero"))).toMatchObject({
      ok: true,
      files: new Map([["v.txt", text("1", "2", "3", "3.5", "4", "5")]]),
    });
  });

  describe("renames, copies and deletions, as git orders them", () => {
    const rename = (from: string, to: string): string =>
      text(`diff --git a/${from} b/${to}`, "similarity index 100%", `rename from ${from}`, `rename to ${to}`);

    it("swaps two files (a → b, b → a), editing one on the way", () => {
      const patch = `${rename("a.txt", "b.txt")}${text(
        "diff --git a/b.txt b/a.txt",
        "similarity index 50%",
        "rename from b.txt",
        "rename to a.txt",
        "--- a/b.txt",
        "+++ b/a.txt",
        "@@ -1,2 +1,2 @@",
        "-B1",
        "+B1 edited",
        " B2",
      )}`;
      expect(asReference({ "a.txt": "A\n", "b.txt": "B1\nB2\n" }, patch)).toMatchObject({
        ok: true,
        files: new Map([
          ["a.txt", "B1 edited\nB2\n"],
          ["b.txt", "A\n"],
        ]),
      });
    });

    it("copies the base file, not what an earlier part of the patch wrote to it", () => {
      const patch = `${text("--- a/x.txt", "+++ b/x.txt", "@@ -1 +1 @@", "-x", "+X")}${text(
        "diff --git a/x.txt b/y.txt",
        "similarity index 100%",
        "copy from x.txt",
        "copy to y.txt",
      )}`;
      expect(asReference({ "x.txt": "x\n" }, patch)).toMatchObject({
        ok: true,
        files: new Map([
          ["x.txt", "X\n"],
          ["y.txt", "x\n"],
        ]),
      });
    });

    it("renames onto a file the patch deletes", () => {
      const patch = `${text(
        "diff --git a/old.txt b/old.txt",
        "deleted file mode 100644",
        "--- a/old.txt",
        "+++ /dev/null",
        "@@ -1 +0,0 @@",
        "-old",
      )}${rename("new.txt", "old.txt")}`;
      expect(asReference({ "old.txt": "old\n", "new.txt": "new\n" }, patch)).toMatchObject({
        ok: true,
        files: new Map([
          ["new.txt", null],
          ["old.txt", "new\n"],
        ]),
      });
    });

    it("refuses a change in place to a file the patch renamed away before", () => {
      const change = text("diff --git a/x.txt b/x.txt", "--- a/x.txt", "+++ b/x.txt", "@@ -1 +1 @@", "-x", "+X");
      const patch = `${rename("x.txt", "y.txt")}${change}`;
      expect(asReference({ "x.txt": "x\n" }, patch)).toMatchObject({
        ok: false,
        reason: "x.txt: the patch changes it after deleting it or renaming it away",
      });
    });

    // git checks a new file against the tree as it was, and writes the file patches in order.
    it("creates the same file twice, the last one winning, as git does", () => {
      const create = (line: string): string => text("--- /dev/null", "+++ b/n.txt", "@@ -0,0 +1 @@", `+${line}`);
      expect(asReference({}, `${create("one")}${create("two")}`)).toMatchObject({
        ok: true,
        files: new Map([["n.txt", "two\n"]]),
      });
    });
  });

  describe("bytes", () => {
    // "Grüße\n" in latin1 (ü = FC, ß = DF): not UTF-8, so only bytes carry it.
    const LATIN1 = Buffer.from("Gr\xfc\xdfe\n", "latin1");
    const NUL_AND_FF = Buffer.from([0x89, 0x50, 0x00, 0xff, 0x0d, 0x0a, 0x1a]);

    it("edits a latin1 file with a latin1 patch and moves binary bytes, keeping every byte", () => {
      const patch = Buffer.concat([
        Buffer.from("--- a/de.txt\n+++ b/de.txt\n@@ -1 +1,2 @@\n "),
        LATIN1,
        Buffer.from("+Stra\xdfe\n", "latin1"),
        Buffer.from(
          text(
            "diff --git a/logo.png b/img/logo.png",
            "similarity index 100%",
            "rename from logo.png",
            "rename to img/logo.png",
          ),
        ),
      ]);
      const tree = new Map([
        ["de.txt", LATIN1],
        ["logo.png", NUL_AND_FF],
      ]);
      expect(applyPatch(tree, parsePatch(patch))).toMatchObject({
        ok: true,
        files: new Map([
          ["de.txt", Buffer.from("Gr\xfc\xdfe\nStra\xdfe\n", "latin1")],
          ["logo.png", null],
          ["img/logo.png", NUL_AND_FF],
        ]),
      });
    });

    it("quotes the lines of a message as text", () => {
      const patch = text("--- a/de.txt", "+++ b/de.txt", "@@ -1 +1 @@", "-Grüsse", "+Hallo");
      expect(refused({ "de.txt": "Grüße\n" }, patch).reason).toContain(
        '(line 1 reads "Grüße", the patch expects "Grüsse")',
      );
    });
  });

  describe("line ends", () => {
    const crContent = (patch: string): string =>
      patch
        .split("\n")
        .map((line) => (/^[ +-]/.test(line) && !/^(---|\+\+\+) /.test(line) ? `${line}\r` : line))
        .join("\n");

    it("keeps a CRLF file CRLF under a git diff of it (CR inside the changed lines)", () => {
      expect(asReference({ "stats.py": crlf(STATS) }, crContent(STATS_FIX))).toMatchObject({
        ok: true,
        files: new Map([["stats.py", crlf(STATS_FIXED)]]),
      });
    });

    // Lines are compared with their line ends, as git compares them: a CR the file has and the patch lacks (or
    // the other way round) is a difference. Only fuzz, when asked for, looks past it.
    it("refuses an LF patch on a CRLF file (a reply whose line ends were normalised), as git does, until fuzz", () => {
      const tree = { "stats.py": crlf(STATS) };
      expect(asReference(tree, STATS_FIX)).toMatchObject({
        ok: false,
        reason: expect.stringContaining("(line 4 ends in CRLF, the patch's line ends in LF)"),
      });
      expect(applied(tree, STATS_FIX, FUZZ)).toMatchObject({
        files: new Map([["stats.py", crlf(STATS_FIXED)]]),
        strategy: "fuzz",
      });
    });

    it("refuses a patch saved with CRLF throughout on an LF file, as git does, until fuzz keeps the file LF", () => {
      const tree = { "stats.py": STATS };
      expect(asReference(tree, crlf(STATS_FIX)).ok).toBe(false);
      expect(applied(tree, crlf(STATS_FIX), FUZZ)).toMatchObject({
        files: new Map([["stats.py", STATS_FIXED]]),
        strategy: "fuzz",
      });
    });

    it("changes every line of a whole-file CRLF → LF patch, as git does", () => {
      const patch = text("--- a/v.ini", "+++ b/v.ini", "@@ -1,2 +1,2 @@", "-[a]\r", "-x = 1\r", "+[a]", "+x = 1");
      expect(asReference({ "v.ini": "[a]\r\nx = 1\r\n" }, patch)).toMatchObject({
        ok: true,
        files: new Map([["v.ini", "[a]\nx = 1\n"]]),
        changed: ["v.ini"],
        strategy: "exact",
      });
    });

    it("writes an added line as the patch has it, CR and all, in an LF file, as git does", () => {
      const patch = text("--- a/n.txt", "+++ b/n.txt", "@@ -1,2 +1,3 @@", " a", "+pasted\r", " b");
      expect(asReference({ "n.txt": "a\nb\n" }, patch)).toMatchObject({
        ok: true,
        files: new Map([["n.txt", "a\npasted\r\nb\n"]]),
      });
    });

    it.each([
      ["", "@echo off\r\necho hi\r\n"],
      ["\\ No newline at end of file", "@echo off\r\necho hi"],
    ])("creates a file with the line ends its added lines carry %j", (marker, after) => {
      const patch = crContent(
        text("--- /dev/null", "+++ b/win.bat", "@@ -0,0 +1,2 @@", "+@echo off", "+echo hi"),
      ).replace(/\r\n$/, marker ? `\n${marker}\n` : "\r\n");
      expect(asReference({}, patch)).toMatchObject({ ok: true, files: new Map([["win.bat", after]]) });
    });

    it.each([
      {
        name: "adds the missing final newline",
        before: "x = 1\ny = 2",
        hunk: ["@@ -1,2 +1,3 @@", " x = 1", "-y = 2", "\\ No newline at end of file", "+y = 2", "+z = 3"],
        after: "x = 1\ny = 2\nz = 3\n",
      },
      {
        name: "removes the final newline",
        before: "x = 1\ny = 2\n",
        hunk: ["@@ -1,2 +1,2 @@", " x = 1", "-y = 2", "+y = 3", "\\ No newline at end of file"],
        after: "x = 1\ny = 3",
      },
      {
        name: "keeps a missing final newline missing",
        before: "x = 1\ny = 2",
        hunk: ["@@ -1,2 +1,3 @@", "-x = 1", "+x = 0", "+w = 9", " y = 2", "\\ No newline at end of file"],
        after: "x = 0\nw = 9\ny = 2",
      },
    ])("$name", ({ before, hunk, after }) => {
      const outcome = asReference({ "v.py": before }, text("--- a/v.py", "+++ b/v.py", ...hunk));
      expect(outcome).toMatchObject({ ok: true, files: new Map([["v.py", after]]), strategy: "exact" });
    });

    it("needs fuzz when the patch does not know the file lacks a final newline", () => {
      const patch = text("--- a/v.py", "+++ b/v.py", "@@ -1,2 +1,2 @@", " x = 1", "-y = 2", "+y = 3");
      expect(refused({ "v.py": "x = 1\ny = 2" }, patch).reason).toContain(
        "(line 2 has no line end, the patch's line ends in LF)",
      );
      expect(applied({ "v.py": "x = 1\ny = 2" }, patch, FUZZ)).toMatchObject({
        files: new Map([["v.py", "x = 1\ny = 3\n"]]),
        strategy: "fuzz",
      });
      expect(reference({ "v.py": "x = 1\ny = 2" }, patch)).toBeNull();
    });
  });

  describe("strategies", () => {
    const SHIFTED = `# statistics helpers\nimport math\n\n${STATS}`;

    it("finds hunks 3 lines further down by offset", () => {
      expect(asReference({ "stats.py": SHIFTED }, STATS_FIX)).toMatchObject({
        ok: true,
        files: new Map([["stats.py", `# statistics helpers\nimport math\n\n${STATS_FIXED}`]]),
        strategy: "offset",
      });
    });

    it("prefers the nearest occurrence when the context repeats", () => {
      const block = text("a", "b", "c", "d", "e", "f", "g");
      const patch = text(
        "--- a/r.txt",
        "+++ b/r.txt",
        "@@ -10,7 +10,7 @@",
        " a",
        " b",
        " c",
        "-d",
        "+D",
        " e",
        " f",
        " g",
      );
      const tree = { "r.txt": `${block}${text("x", "x")}${block}${block}` };
      const outcome = asReference(tree, patch);
      expect(outcome).toMatchObject({
        ok: true,
        files: new Map([["r.txt", `${block}${text("x", "x")}${block.replace("d", "D")}${block}`]]),
      });
    });

    it("drops an outer context line that no longer matches (fuzz 1), and says so", () => {
      const tree = { "stats.py": STATS.replace("    mid = n // 2", "    mid = len(s) // 2") };
      const outcome = asReference(tree, STATS_FIX, gitApply("-C1"), FUZZ);
      expect(outcome).toMatchObject({ ok: true, strategy: "fuzz" });
      expectApplied(outcome);
      expect(outcome.files.get("stats.py")).toContain(
        "    mid = len(s) // 2\n    if n % 2:\n        return s[mid]\n    return (s[mid - 1] + s[mid]) / 2\n",
      );
    });

    it("tolerates whitespace at line ends in the context, keeping the file's spelling, as GNU patch -l does", () => {
      const tree = { "stats.py": STATS.replace("        return s[mid]\n", "        return s[mid]   \n") };
      const outcome = hasGnuPatch ? asReference(tree, STATS_FIX, gnuPatch("-l"), FUZZ) : apply(tree, STATS_FIX, FUZZ);
      expect(outcome).toMatchObject({ ok: true, strategy: "fuzz" });
      expectApplied(outcome);
      expect(outcome.files.get("stats.py")).toContain("        return s[mid]   \n    return (s[mid - 1]");
    });

    it("reports the weakest strategy any hunk needed", () => {
      const tree = { "stats.py": SHIFTED.replace("    mid = n // 2", "    mid = len(s) // 2") };
      expect(applied(tree, STATS_FIX, FUZZ).strategy).toBe("fuzz");
      expect(apply(tree, STATS_FIX, { maxStrategy: "offset" })).toMatchObject({ ok: false, hunk: { index: 2 } });
    });

    // What git apply applies, and no more, unless fuzz is asked for.
    it("goes as far as offset by default", () => {
      const tree = { "stats.py": SHIFTED.replace("    mid = n // 2", "    mid = len(s) // 2") };
      expect(asReference(tree, STATS_FIX)).toMatchObject({ ok: false, hunk: { index: 2 } });
      expect(applied({ "stats.py": SHIFTED }, STATS_FIX).strategy).toBe("offset");
    });

    it("honours maxStrategy", () => {
      const tree = { "stats.py": SHIFTED };
      expect(apply(tree, STATS_FIX, { maxStrategy: "exact" })).toMatchObject({
        ok: false,
        file: "stats.py",
        hunk: { index: 1, header: "@@ -4,6 +4,8 @@" },
      });
      expect(apply(tree, STATS_FIX, { maxStrategy: "offset" })).toMatchObject({ ok: true, strategy: "offset" });
    });

    // git pins such hunks and refuses them elsewhere; fuzz lifts the pin, as git apply -C does.
    it.each([
      {
        name: "a hunk without trailing context to the end",
        tree: text("one", "two", "three", "four", "later"),
        hunk: ["@@ -2,3 +2,4 @@", " two", " three", " four", "+five"],
        after: text("one", "two", "three", "four", "five", "later"),
      },
      {
        name: "a hunk stated at line 1 to the top",
        tree: text("zero", "one", "two", "three", "four"),
        hunk: ["@@ -1,3 +1,4 @@", " one", "+one and a half", " two", " three"],
        after: text("zero", "one", "one and a half", "two", "three", "four"),
      },
      {
        name: "a hunk with changes at both ends to the whole file",
        tree: text("x", "a", "b", "c"),
        hunk: ["@@ -1,3 +1,3 @@", "-a", "+A", " b", "-c", "+C"],
        after: text("x", "A", "b", "C"),
      },
    ])("pins $name as git does, until fuzz", ({ tree, hunk, after }) => {
      const patch = text("--- a/f.txt", "+++ b/f.txt", ...hunk);
      expect(reference({ "f.txt": tree }, patch)).toBeNull();
      expect(applied({ "f.txt": tree }, patch, FUZZ)).toMatchObject({
        strategy: "fuzz",
        files: new Map([["f.txt", after]]),
      });
      expect(apply({ "f.txt": tree }, patch).ok).toBe(false);
    });
  });
});

describe("applyPatch and file modes, checked against git apply", () => {
  const RUN_SH = "#!/bin/sh\nexec python3 -m pytest -q\n";

  /** The executable paths, among those the tree or the patch names, after git apply. */
  function executableAfterGit(tree: Tree, executable: string[], patch: string): string[] {
    const run = join(scratch, String(scratchRuns++));
    mkdirSync(run, { recursive: true });
    for (const [path, content] of Object.entries(tree)) {
      mkdirSync(dirname(join(run, path)), { recursive: true });
      writeFileSync(join(run, path), content);
      chmodSync(join(run, path), executable.includes(path) ? 0o755 : 0o644);
    }
    writeFileSync(join(run, "..", `${scratchRuns}.patch`), patch);
    execFileSync("git", ["init", "-q"], { cwd: run, env: gitEnv });
    execFileSync("git", ["-c", "core.fileMode=true", "apply", join(run, "..", `${scratchRuns}.patch`)], {
      cwd: run,
      env: gitEnv,
    });
    return namedPaths(tree, patch).filter(
      (path) => existsSync(join(run, path)) && (statSync(join(run, path)).mode & 0o111) !== 0,
    );
  }

  /** Ours, for the same question: the written paths marked executable, and the untouched base ones. */
  function executableAfterUs(tree: Tree, executable: string[], patch: string): string[] {
    const outcome = applied(tree, patch, { executable: new Set(executable) });
    const untouched = executable.filter((path) => !outcome.files.has(path));
    return [...outcome.executable, ...untouched].sort();
  }

  it.each<{ name: string; tree: Tree; executable: string[]; patch: string; expected: string[] }>([
    {
      name: "a new script with mode 100755",
      tree: {},
      executable: [],
      patch: text(
        "diff --git a/run.sh b/run.sh",
        "new file mode 100755",
        "index 0000000..1111111",
        "--- /dev/null",
        "+++ b/run.sh",
        "@@ -0,0 +1,2 @@",
        "+#!/bin/sh",
        "+exec python3 -m pytest -q",
      ),
      expected: ["run.sh"],
    },
    {
      name: "a change of mode alone",
      tree: { "run.sh": RUN_SH },
      executable: [],
      patch: text("diff --git a/run.sh b/run.sh", "old mode 100644", "new mode 100755"),
      expected: ["run.sh"],
    },
    {
      name: "an execute bit taken away",
      tree: { "run.sh": RUN_SH },
      executable: ["run.sh"],
      patch: text("diff --git a/run.sh b/run.sh", "old mode 100755", "new mode 100644"),
      expected: [],
    },
    {
      name: "an executable changed in place",
      tree: { "run.sh": RUN_SH },
      executable: ["run.sh"],
      patch: text(
        "diff --git a/run.sh b/run.sh",
        "index 1111111..2222222 100755",
        "--- a/run.sh",
        "+++ b/run.sh",
        "@@ -1,2 +1,2 @@",
        " #!/bin/sh",
        "-exec python3 -m pytest -q",
        "+exec python3 -m pytest -x",
      ),
      expected: ["run.sh"],
    },
    {
      name: "an executable renamed",
      tree: { "run.sh": RUN_SH },
      executable: ["run.sh"],
      patch: text(
        "diff --git a/run.sh b/scripts/test.sh",
        "similarity index 100%",
        "rename from run.sh",
        "rename to scripts/test.sh",
      ),
      expected: ["scripts/test.sh"],
    },
  ])("$name", ({ tree, executable, patch, expected }) => {
    expect(executableAfterGit(tree, executable, patch)).toEqual(expected);
    expect(executableAfterUs(tree, executable, patch)).toEqual(expected);
  });

  it("counts a change of mode alone as a change", () => {
    const outcome = applied(
      { "run.sh": RUN_SH },
      text("diff --git a/run.sh b/run.sh", "old mode 100644", "new mode 100755"),
    );
    expect(outcome).toMatchObject({ files: new Map([["run.sh", RUN_SH]]), changed: ["run.sh"] });
  });
});

describe("applyPatch on random edits, against git", () => {
  // Fixed seeds: the same cases on every run. A small alphabet makes lines repeat, so placement has choices.
  const WORDS = ["a", "b", "", "  x", "def f():", "    return 1", "}", "x y", "q"];
  const repo = join(scratch, "random-edits");

  function generator(seed: number): () => number {
    let state = seed;
    return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  }

  function edited(random: () => number): { before: string[]; after: string[] } {
    const pick = (): string => WORDS[Math.floor(random() * WORDS.length)]!;
    const before = Array.from({ length: 3 + Math.floor(random() * 30) }, pick);
    const after = [...before];
    for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
      after.splice(
        Math.floor(random() * (after.length + 1)),
        Math.floor(random() * 2),
        ...(random() < 0.7 ? [`${pick()}!`] : []),
      );
    }
    return { before, after };
  }

  beforeAll(() => {
    mkdirSync(repo, { recursive: true });
    execFileSync("git", ["init", "-q"], { cwd: repo, env: gitEnv });
  });

  function gitDiff(before: string, after: string, args: string[]): string {
    writeFileSync(join(repo, "f.txt"), before);
    execFileSync("git", ["add", "f.txt"], { cwd: repo, env: gitEnv });
    writeFileSync(join(repo, "f.txt"), after);
    return execFileSync("git", ["diff", ...args, "f.txt"], { cwd: repo, env: gitEnv }).toString();
  }

  it("turns the old file into the new one with git diff's patch, exactly, whatever the line ends and context", () => {
    const random = generator(7);
    for (let i = 0; i < 40; i++) {
      const { before, after } = edited(random);
      const eol = random() < 0.25 ? "\r\n" : "\n";
      const content = (lines: string[]): string => lines.join(eol) + (random() < 0.8 ? eol : "");
      const [oldText, newText] = [content(before), content(after)];
      if (oldText === newText) continue;
      const patch = gitDiff(oldText, newText, [`-U${[0, 1, 3][i % 3]}`]);
      expect(applied({ "f.txt": oldText }, patch), patch).toMatchObject({
        files: new Map([["f.txt", newText]]),
        strategy: "exact",
      });
    }
  });

  it("applies with offset exactly when git apply does, and identically, after lines drift in", () => {
    const random = generator(11);
    for (let i = 0; i < 40; i++) {
      const { before, after } = edited(random);
      const patch = gitDiff(text(...before), text(...after), []);
      const drift = text(...before.slice(0, 1 + Math.floor(random() * 3)).map((line) => `${line}~`));
      const base = i % 2 ? `${drift}${text(...before)}` : `${text(...before)}${drift}`;
      const expected = reference({ "f.txt": base }, patch);
      const outcome = apply({ "f.txt": base }, patch);
      if (expected)
        expect(outcome, patch).toMatchObject({
          ok: true,
          strategy: expect.stringMatching(/^(exact|offset)$/),
          files: new Map([["f.txt", expected.get("f.txt")]]),
        });
      else expect(outcome.ok, patch).toBe(false);
    }
  });
});

describe("applyPatch failures", () => {
  it("names the file and the hunk whose context no longer matches, quoting the difference", () => {
    const tree = { "stats.py": STATS.replace("s[mid - 1] + s[mid] / 2", "s[mid - 1] + s[mid] // 2") };
    const outcome = asReference(tree, STATS_FIX);
    expect(outcome).toEqual({
      ok: false,
      file: "stats.py",
      hunk: { index: 2, header: "@@ -13,7 +15,7 @@" },
      reason:
        'stats.py hunk 2 (@@ -13,7 +15,7 @@): context does not match at line 13 or anywhere else in the file (line 16 reads "    return s[mid - 1] + s[mid] // 2", the patch expects "    return s[mid - 1] + s[mid] / 2")',
    });
  });

  it("says when the file is shorter than the hunk", () => {
    expect(refused({ "stats.py": text("def mean(xs):") }, STATS_FIX).reason).toBe(
      "stats.py hunk 1 (@@ -4,6 +4,8 @@): context does not match at line 4 or anywhere else in the file (the file ends at line 1)",
    );
  });

  // git apply takes hunks in any order that does not overlap; GNU patch refuses "misordered hunks", and so do we.
  it("keeps hunks in file order: one stated before the previous hunk fails", () => {
    const [head, first, second] = STATS_FIX.split(/(?=^@@ )/m);
    const swapped = `${head}${second!.replace("+15,7", "+13,7")}${first}`;
    const outcome = hasGnuPatch
      ? asReference({ "stats.py": STATS }, swapped, gnuPatch("--fuzz=2"))
      : apply({ "stats.py": STATS }, swapped);
    expect(outcome).toMatchObject({ ok: false, hunk: { index: 2, header: "@@ -4,6 +4,8 @@" } });
    expect(!outcome.ok && outcome.reason).toContain("(hunks must come in file order, without overlapping)");
  });

  it.each([
    [
      "creates a file that exists",
      text("--- /dev/null", "+++ b/stats.py", "@@ -0,0 +1 @@", "+x = 1"),
      "stats.py: the patch creates it, but it already exists",
    ],
    [
      "changes a file that does not exist",
      text("--- a/nope.py", "+++ b/nope.py", "@@ -1 +1 @@", "-a", "+b"),
      "nope.py: the patch changes it, but it does not exist in the base tree",
    ],
    [
      "deletes a file that does not exist",
      text("--- a/nope.py", "+++ /dev/null", "@@ -1 +0,0 @@", "-a"),
      "nope.py: the patch changes it, but it does not exist in the base tree",
    ],
    [
      "renames onto a file that exists",
      text("diff --git a/stats.py b/other.py", "similarity index 100%", "rename from stats.py", "rename to other.py"),
      "other.py: the patch renames stats.py onto it, but it already exists",
    ],
  ])("refuses a patch that %s, as git does", (_, patch, reason) => {
    const outcome = asReference({ "stats.py": STATS, "other.py": "" }, patch);
    expect(outcome).toMatchObject({ ok: false, hunk: null, reason });
  });

  it("reports a diff it cannot find", () => {
    expect(refused({}, "I could not produce a patch, sorry.")).toEqual({
      ok: false,
      file: null,
      hunk: null,
      reason: "no file changes found in the patch",
    });
  });

  it("keeps messages to one short line however long the candidate's lines are", () => {
    const long = "x".repeat(5000);
    const patch = text(
      `--- a/${"d/".repeat(200)}f.py`,
      `+++ b/${"d/".repeat(200)}f.py`,
      "@@ -1,2 +1,2 @@",
      ` ${long}`,
      `-${long}`,
      `+${long}y`,
    );
    const reason = refused({ [`${"d/".repeat(200)}f.py`]: text("a", "b") }, patch).reason;
    expect(reason).not.toContain("\n");
    expect(reason.length).toBeLessThan(300);
    expect(reason).toMatch(/^…\/?(d\/)+f\.py hunk 1 \(@@ -1,2 \+1,2 @@\): context does not match at line 1 .*"x+…"\)$/);
  });
});

describe("path safety", () => {
  const creating = (path: string): string => text("--- /dev/null", `+++ ${path}`, "@@ -0,0 +1 @@", "+owned");

  it.each([
    ["../outside", "b/../outside", "has a '..' segment"],
    ["/etc/x", "/etc/x", "is absolute"],
    ["a/../../x", "a/../../x", "has a '..' segment"],
    ["a NUL in a quoted name", '"b/x\\000y"', "holds a control character"],
    ["a backslash separator", "b/..\\..\\x", "holds a backslash"],
    ["the repository's metadata", "b/.git/hooks/pre-commit", "is inside .git"],
    ["nothing left after normalisation", "b/./", "is empty"],
  ])("refuses %s before anything else", (_, header, why) => {
    // An earlier file whose hunk does not match must not hide the escape.
    const patch = `${text("--- a/ok.py", "+++ b/ok.py", "@@ -1 +1 @@", "-zzz", "+b")}${creating(header)}`;
    const outcome = refused({ "ok.py": "a\n" }, patch);
    expect(outcome.reason).toMatch(new RegExp(`^path escapes the tree: ".*" \\(${why.replace(/[.()]/g, "\\$&")}\\)$`));
    expect(touchedPaths(parsePatch(patch))).toEqual(["ok.py"]);
  });

  // A 300-byte name used to reach the sandbox and end sandbox_error ("ours: re-run"): it is the candidate's.
  it.each([
    [
      "a 300-byte name",
      `b/src/${"n".repeat(300)}.py`,
      "has a name of 303 bytes, more than the 255 a file system allows",
    ],
    [
      "a path past PATH_MAX",
      `b/${"d/".repeat(2100)}x.py`,
      "is 4204 bytes long, more than the 4089 a path under /work/ may be",
    ],
  ])("refuses %s as the candidate's, naming the path, before anything runs", (_, header, why) => {
    const outcome = refused({}, creating(header));
    expect(outcome.reason).toBe(`path too long: ${JSON.stringify(`${header.slice(2, 41)}…`)} ${why}`);
    expect(outcome.file).toMatch(/\.py$/);
  });

  it("finds a touched path that lies under a symlink", () => {
    const links = new Set(["vendor", "docs/latest"]);
    const isSymlink = (path: string): boolean => links.has(path);
    expect(pathThroughSymlink(["README.md", "vendor/lib/x.py"], isSymlink)).toBe("vendor/lib/x.py");
    expect(pathThroughSymlink(["docs/latest"], isSymlink)).toBe("docs/latest");
    expect(pathThroughSymlink(["docs/index.md", "src/x.py"], isSymlink)).toBeNull();
  });
});

describe("parsePatch", () => {
  it("reads a format-patch mail into files, renames, modes and hunks, skipping the mail and the signature", () => {
    const parsed = parsePatch(fixture("tally-most-common.patch"));
    expect(parsed.problem).toBeNull();
    expect(
      parsed.files.map(({ oldPath, newPath, copy, mode, hunks }) => ({
        oldPath,
        newPath,
        copy,
        mode,
        hunks: hunks.map((h) => h.header),
      })),
    ).toEqual([
      { oldPath: "README.md", newPath: "README.md", copy: false, mode: undefined, hunks: ["@@ -6,3 +6,5 @@"] },
      { oldPath: "tally/core.py", newPath: "tally/core.py", copy: false, mode: undefined, hunks: ["@@ -1,4 +1,4 @@"] },
      {
        oldPath: "tally/_helpers.py",
        newPath: "tally/util.py",
        copy: false,
        mode: undefined,
        hunks: ["@@ -3,4 +3,4 @@"],
      },
      { oldPath: null, newPath: "tests/test_core.py", copy: false, mode: "100644", hunks: ["@@ -0,0 +1,9 @@"] },
    ]);
    expect(touchedPaths(parsed)).toEqual([
      "README.md",
      "tally/_helpers.py",
      "tally/core.py",
      "tally/util.py",
      "tests/test_core.py",
    ]);
  });

  // A CR before the LF is part of the line, as git reads it: the file's line must hold it too.
  it("keeps hunk lines with their CRs, and the no-newline markers", () => {
    const parsed = parsePatch(
      crlf(text("--- a/v.py", "+++ b/v.py", "@@ -1 +1 @@ def f():", "-a", "\\ No newline at end of file", "+b")),
    );
    expect(parsed.files[0]!.hunks[0]).toEqual({
      header: "@@ -1 +1 @@",
      oldStart: 1,
      oldCount: 1,
      newStart: 1,
      newCount: 1,
      lines: [
        { op: "-", text: "a\r", noEol: true },
        { op: "+", text: "b\r", noEol: false },
      ],
    });
  });

  it.each([
    [
      "quoted names",
      text(
        'diff --git "a/my file.py" "b/my file.py"',
        '--- "a/my file.py"',
        '+++ "b/my file.py"',
        "@@ -1 +1 @@",
        "-a",
        "+b",
      ),
      "my file.py",
      "my file.py",
    ],
    [
      "a tab before the timestamp",
      text("--- a/x y.py\t2024-05-01 12:00:00", "+++ b/x y.py\t2024-05-01 12:00:01", "@@ -1 +1 @@", "-a", "+b"),
      "x y.py",
      "x y.py",
    ],
    [
      "the epoch for an absent file (diff -N)",
      text(
        "--- a.txt\t1970-01-01 00:00:00.000000000 +0000",
        "+++ a.txt\t2024-05-01 12:00:00.000000000 +0000",
        "@@ -0,0 +1 @@",
        "+a",
      ),
      null,
      "a.txt",
    ],
    [
      "a prefix on one side only",
      text("--- a/src/x.py", "+++ src/x.py", "@@ -1 +1 @@", "-a", "+b"),
      "src/x.py",
      "src/x.py",
    ],
    ["a backup name on the old side", text("--- x.py.orig", "+++ x.py", "@@ -1 +1 @@", "-a", "+b"), "x.py", "x.py"],
    [
      "copy from / copy to",
      text("diff --git a/x.py b/y.py", "similarity index 100%", "copy from x.py", "copy to y.py"),
      "x.py",
      "y.py",
    ],
    ["git hunks without ---/+++ lines", text("diff --git a/x.py b/x.py", "@@ -1 +1 @@", "-a", "+b"), "x.py", "x.py"],
    [
      "UTF-8 bytes, quoted in octal as git does",
      text('diff --git "a/caf\\303\\251.py" "b/caf\\303\\251.py"', "@@ -1 +1 @@", "-a", "+b"),
      "café.py",
      "café.py",
    ],
    ["UTF-8 text", text("--- a/café.py", "+++ b/café.py", "@@ -1 +1 @@", "-a", "+b"), "café.py", "café.py"],
  ])("names files from %s", (_, patch, oldPath, newPath) => {
    const parsed = parsePatch(patch);
    expect(parsed.problem).toBeNull();
    expect(parsed.files).toMatchObject([{ oldPath, newPath }]);
  });

  it("copies a file, leaving the original", () => {
    const patch = text(
      "diff --git a/x.py b/y.py",
      "similarity index 90%",
      "copy from x.py",
      "copy to y.py",
      "--- a/x.py",
      "+++ b/y.py",
      "@@ -1 +1 @@",
      "-a",
      "+b",
    );
    expect(asReference({ "x.py": "a\n" }, patch)).toMatchObject({
      ok: true,
      files: new Map([["y.py", "b\n"]]),
      changed: ["y.py"],
    });
  });

  it.each([
    [
      "a binary git patch",
      text(
        "diff --git a/logo.png b/logo.png",
        "index 0000000..1d2f3e4",
        "GIT binary patch",
        "literal 12",
        "zcmZ>Y%CIzaP<V2i",
      ),
      "logo.png: binary patches are not supported",
    ],
    [
      "a binary marker from diff",
      text("Binary files a/logo.png and b/logo.png differ"),
      "logo.png: binary patches are not supported",
    ],
    [
      "a symlink",
      text(
        "diff --git a/latest b/latest",
        "new file mode 120000",
        "--- /dev/null",
        "+++ b/latest",
        "@@ -0,0 +1 @@",
        "+/etc/passwd",
      ),
      "latest: symbolic links are not supported",
    ],
    [
      "a hunk whose counts promise more lines",
      text("--- a/v.py", "+++ b/v.py", "@@ -1,3 +1,3 @@", " a", "-b", "+c", "Hope this helps!"),
      'v.py hunk 1 (@@ -1,3 +1,3 @@): line 7 of the patch ("Hope this helps!") is not a hunk line; are the header\'s line counts right?',
    ],
    [
      "a hunk cut short",
      text("--- a/v.py", "+++ b/v.py", "@@ -1,3 +1,3 @@", " a", "-b"),
      "v.py hunk 1 (@@ -1,3 +1,3 @@): the patch ends 1 old and 2 new lines before the hunk does",
    ],
    [
      "a hunk whose counts promise fewer lines",
      text("--- a/v.py", "+++ b/v.py", "@@ -1,2 +1,2 @@", " a", "-b", "+c", "-d"),
      'v.py hunk 1 (@@ -1,2 +1,2 @@): line 7 of the patch ("-d") goes past the header\'s line counts',
    ],
    [
      "a malformed hunk header",
      text("--- a/v.py", "+++ b/v.py", "@@ -1,2 +1,2 @@", " a", "-b", "+c", "@@ -x +y @@"),
      'v.py: hunk 2 has a malformed header "@@ -x +y @@"',
    ],
    [
      "a hunk with no file header",
      text("Change this:", "@@ -1 +1 @@", "-a", "+b"),
      "line 2 of the patch starts a hunk (\"@@ -1 +1 @@\") with no '---'/'+++' file header before it",
    ],
    [
      "a git diff with nothing in it",
      text("diff --git a/v.py b/v.py", "index 1234567..89abcde 100644"),
      "v.py: the diff has no hunks",
    ],
  ])("reports %s", (_, patch, reason) => {
    expect(parsePatch(patch).problem?.reason).toBe(reason);
    expect(refused({ "v.py": "a\nb\n" }, patch).reason).toBe(reason);
  });
});
