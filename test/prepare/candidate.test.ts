// A candidate → its sandbox's files, checks and limits, with no engine: the reply's code beside the
// tests, a patch applied to the checkout (or only its change, when a run image holds the tree).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Candidate } from "../../src/core/model.js";
import {
  candidateLimits,
  holdsCode,
  prepareCandidate,
  type PrepareContext,
  type Prepared,
  type Unprepared,
} from "../../src/prepare/candidate.js";
import { readBaseTree, readCommitTree } from "../../src/prepare/tree.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { tempDir } from "../support/temp.js";

const TEST_FILE = { path: "test_solution.py", content: "from solution import add\nassert add(1, 2) == 3\n" };

function context(inputs: Partial<Record<InputName, string>> = {}, over: Partial<PrepareContext> = {}): PrepareContext {
  const settings = readSettings((name) => inputs[name] ?? "", { defaultWorkdir: "/repo", cpuCount: 2 });
  return { settings, testFiles: [TEST_FILE], ...over };
}

const reply = (text: string, over: Partial<Candidate> = {}): Candidate => ({
  id: "c1",
  source: "c1.md",
  kind: "reply",
  text,
  ...over,
});

function prepared(outcome: Prepared | Unprepared): Prepared {
  if ("status" in outcome) throw new Error(`not prepared: ${outcome.status}: ${outcome.reason}`);
  return outcome;
}

describe("prepareCandidate on a reply", () => {
  it("writes the code as the language's target after the tests, with its parse check and a reply's limits", async () => {
    const ctx = context({ timeout: "3s" });
    const ready = prepared(await prepareCandidate(reply("```python\ndef add(a, b):\n    return a + b\n```\n"), ctx));
    expect(ready.language).toBe("python");
    expect(ready.files).toEqual([TEST_FILE, { path: "solution.py", content: "def add(a, b):\n    return a + b\n" }]);
    expect(ready.checks).toEqual([{ language: "python", files: ["solution.py"] }]);
    expect(ready.limits).toEqual({ ...ctx.settings.limits, timeoutMs: 3000, pidsLimit: 64 });
    expect(ready.start).toBeUndefined();
    expect(ready.patch).toBeUndefined();
  });

  it("keeps the shorter blocks, two at most, to run when the longer ones do not parse", async () => {
    const text = [
      "```python\nx = 1\ny = 2\nz = 3\n```",
      "```python\nx = 1\ny = 2\n```",
      "```python\nx = 1\n```",
      "```python\nw\n```",
    ].join("\n\n");
    const ready = prepared(await prepareCandidate(reply(text), context()));
    expect(ready.fallbacks?.map((f) => f.files.at(-1)!.content)).toEqual(["x = 1\ny = 2\n", "x = 1\n"]);
  });

  it("is no_code for prose, with the reason and the limits its feedback names", async () => {
    const outcome = await prepareCandidate(reply("I cannot help with that."), context());
    expect(outcome).toMatchObject({ status: "no_code", language: null, limits: { pidsLimit: 64 } });
    expect((outcome as Unprepared).reason).toBeTruthy();
  });

  it("sends only the candidate's files after a setup: the tests are in the run image", async () => {
    const ctx = context({ setup: "pip install -e ." }, { tree: () => Promise.reject(new Error("not read")) });
    const ready = prepared(await prepareCandidate(reply("```python\nx = 1\n```"), ctx));
    expect(ready).toMatchObject({ start: "tests", deleted: [] });
    expect(ready.files.map((f) => f.path)).toEqual(["solution.py"]);
  });
});

describe("prepareCandidate on a patch", () => {
  const patch = (text: string): Candidate => ({ id: "p", source: "p.patch", kind: "patch", text });
  const EDIT_A = "--- a/pkg/a.py\n+++ b/pkg/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 3\n";
  const DELETE_B = "--- a/pkg/b.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-y = 2\n";

  function checkout(): string {
    const root = tempDir("prepare-candidate");
    mkdirSync(join(root, "pkg"));
    writeFileSync(join(root, "pkg", "a.py"), "x = 1\n");
    writeFileSync(join(root, "pkg", "b.py"), "y = 2\n");
    return root;
  }

  it("without run images, sends the tests with the touched files patched, and the unpatched ones for compare", async () => {
    const workdir = checkout();
    const ready = prepared(await prepareCandidate(patch(EDIT_A + DELETE_B), context({ workdir })));
    expect(ready.files.map((f) => [f.path, Buffer.from(f.content).toString()])).toEqual([
      [TEST_FILE.path, TEST_FILE.content],
      ["pkg/a.py", "x = 3\n"],
    ]);
    expect(ready.unpatched?.map((f) => [f.path, Buffer.from(f.content).toString()])).toEqual([
      [TEST_FILE.path, TEST_FILE.content],
      ["pkg/a.py", "x = 1\n"],
      ["pkg/b.py", "y = 2\n"],
    ]);
    expect(ready.patch).toEqual({ changedFiles: ["pkg/a.py", "pkg/b.py"], strategy: "exact" });
    expect(ready.checks).toEqual([{ language: "python", files: ["pkg/a.py"] }]);
    expect(ready.limits.pidsLimit).toBe(256);
    expect(ready.start).toBeUndefined();
  });

  it("with the checkout in a run image, sends only the change and what it deletes", async () => {
    const workdir = checkout();
    const ctx = context({ workdir }, { tree: () => readBaseTree(workdir, 1 << 20, "max-tree-size") });
    const ready = prepared(await prepareCandidate(patch(EDIT_A + DELETE_B), ctx));
    expect(ready).toMatchObject({ start: "tree", deleted: ["pkg/b.py"], unpatched: [] });
    expect(ready.files.map((f) => f.path)).toEqual(["pkg/a.py"]);
  });

  describe("with protect (the default)", () => {
    const EDIT_TEST = "--- a/tests/test_a.py\n+++ b/tests/test_a.py\n@@ -1 +1 @@\n-assert x == 1\n+assert True\n";
    const DELETE_TEST = "--- a/tests/test_b.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-assert y == 2\n";
    const ADD_CONFTEST = "--- /dev/null\n+++ b/conftest.py\n@@ -0,0 +1 @@\n+hack = 1\n";
    const ADD_TEST = "--- /dev/null\n+++ b/tests/test_new.py\n@@ -0,0 +1 @@\n+assert 1\n";
    function testedCheckout(): string {
      const root = checkout();
      mkdirSync(join(root, "tests"));
      writeFileSync(join(root, "tests", "test_a.py"), "assert x == 1\n");
      writeFileSync(join(root, "tests", "test_b.py"), "assert y == 2\n");
      return root;
    }
    const all = EDIT_A + EDIT_TEST + DELETE_TEST + ADD_CONFTEST + ADD_TEST;

    it("from a run image's tree: drops the protected changes (a deletion undone, an added hook absent), keeps a new test", async () => {
      const workdir = testedCheckout();
      const ctx = context({ workdir }, { tree: () => readBaseTree(workdir, 1 << 20, "max-tree-size") });
      const ready = prepared(await prepareCandidate(patch(all), ctx));
      expect(ready.protected).toEqual(["conftest.py", "tests/test_a.py", "tests/test_b.py"]);
      expect(ready.files.map((f) => f.path).sort()).toEqual(["pkg/a.py", "tests/test_new.py"]);
      expect(ready.deleted).toEqual([]);
      expect(ready.checks).toEqual([{ language: "python", files: ["pkg/a.py", "tests/test_new.py"] }]);
    });

    it("without run images, sends the base's version of a protected file the start does not hold", async () => {
      const workdir = testedCheckout();
      const ready = prepared(await prepareCandidate(patch(all), context({ workdir })));
      expect(ready.protected).toEqual(["conftest.py", "tests/test_a.py", "tests/test_b.py"]);
      expect(ready.files.map((f) => [f.path, Buffer.from(f.content).toString()]).sort()).toEqual([
        ["pkg/a.py", "x = 3\n"],
        [TEST_FILE.path, TEST_FILE.content],
        ["tests/test_a.py", "assert x == 1\n"],
        ["tests/test_b.py", "assert y == 2\n"],
        ["tests/test_new.py", "assert 1\n"],
      ]);
    });

    it("gives its own set-up the package it vendors, less the protected files it adds there", async () => {
      const workdir = checkout();
      writeFileSync(join(workdir, "requirements.txt"), "./vendor/textkit\n");
      const ctx = context(
        { workdir, setup: "pip install -r requirements.txt" },
        { tree: () => readBaseTree(workdir, 1 << 20, "max-tree-size") },
      );
      const adds = (path: string, line: string) => `--- /dev/null\n+++ b/${path}\n@@ -0,0 +1 @@\n+${line}\n`;
      const vendors = [
        "--- a/requirements.txt\n+++ b/requirements.txt\n@@ -1 +1,2 @@\n ./vendor/textkit\n+./vendor/punct\n",
        adds("vendor/punct/pyproject.toml", "[project]"),
        adds("vendor/punct/punct/__init__.py", "def strip(s): ..."),
        adds("vendor/punct/punct.pth", "import hack"),
        adds("vendor/punct/punct-1.0.dist-info/entry_points.txt", "[pytest11]"),
      ].join("");
      const ready = prepared(await prepareCandidate(patch(vendors), ctx));
      expect(ready.protected).toEqual(["vendor/punct/punct-1.0.dist-info/entry_points.txt", "vendor/punct/punct.pth"]);
      expect(ready.setup?.files.map((f) => f.path)).toEqual([
        "requirements.txt",
        "vendor/punct/punct/__init__.py",
        "vendor/punct/pyproject.toml",
      ]);
    });

    it("with protect none, runs every change as before", async () => {
      const workdir = testedCheckout();
      const ready = prepared(await prepareCandidate(patch(all), context({ workdir, protect: "none" })));
      expect(ready.protected).toBeUndefined();
      expect(ready.files.map((f) => f.path)).toContain("conftest.py");
    });

    it("protects the files `tests` names for a reply, not for a patch, where `tests` narrows the tree and names code too", async () => {
      const workdir = checkout();
      const ready = prepared(
        await prepareCandidate(patch(EDIT_A), context({ workdir, tests: "pkg/**", command: "python3 -m pytest -q" })),
      );
      expect(ready.protected).toBeUndefined();
      expect(ready.files.map((f) => [f.path, Buffer.from(f.content).toString()])).toContainEqual([
        "pkg/a.py",
        "x = 3\n",
      ]);
      const onTests = prepared(
        await prepareCandidate(
          reply("```python\nassert True\n```\n"),
          context({ tests: TEST_FILE.path, target: TEST_FILE.path, command: "python3 -m pytest -q" }),
        ),
      );
      expect(onTests.protected).toEqual([TEST_FILE.path]);
    });

    it("ends a reply whose target is a test file protected: the test file runs as the base has it", async () => {
      const ready = prepared(
        await prepareCandidate(reply("```python\nassert True\n```\n"), context({ target: TEST_FILE.path })),
      );
      expect(ready.protected).toEqual([TEST_FILE.path]);
      expect(ready.files).toEqual([TEST_FILE]);
      expect(ready.checks).toEqual([]);
    });
  });

  it("is patch_failed when the patch does not apply, under a reply's limits as before", async () => {
    const outcome = await prepareCandidate(
      patch("--- a/pkg/a.py\n+++ b/pkg/a.py\n@@ -1 +1 @@\n-x = 9\n+x = 3\n"),
      context({ workdir: checkout() }),
    );
    expect(outcome).toMatchObject({ status: "patch_failed", limits: { pidsLimit: 64 } });
  });
});

describe("holdsCode", () => {
  it.each([
    ["prose", "I could not write it, sorry.", {}],
    ["a coverage report", "## Codecov Report\nAll modified lines are covered :white_check_mark:", {}],
    ["a javascript block under language: python", "```javascript\nconsole.log(1)\n```", { language: "python" }],
    ["a python block under a target.js", "```python\nprint(1)\n```", { target: "main.js" }],
  ] as const)("says no, as preparing says no_code: %s", async (_, text, inputs) => {
    const ctx = context(inputs);
    expect(holdsCode(reply(text), ctx.settings)).toBe(false);
    expect(await prepareCandidate(reply(text), ctx)).toMatchObject({ status: "no_code" });
  });
  it.each([
    ["a python fence", "```python\nprint(1)\n```"],
    ["bare code", "def add(a, b):\n    return a + b\n"],
    ["a diff fence (a patch)", "```diff\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n```"],
  ])("says yes: %s", (_, text) => {
    expect(holdsCode(reply(text), context().settings)).toBe(true);
  });
});

describe("candidateLimits", () => {
  it("takes the candidate's own timeout, and a patch's process limit", () => {
    const { settings } = context({ timeout: "5s" });
    const own = reply("", { overrides: { timeoutMs: 1500 } });
    expect(candidateLimits(settings, own, false)).toMatchObject({ timeoutMs: 1500, pidsLimit: 64 });
    expect(candidateLimits(settings, reply(""), true)).toMatchObject({ timeoutMs: 5000, pidsLimit: 256 });
  });
});

describe("prepareCandidate on a line at its own commit, with trusted tests", () => {
  const git = (dir: string, ...args: string[]) =>
    execFileSync("git", ["-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", ...args])
      .toString()
      .trim();
  /** `base` has calc.py and a test; the checkout has moved on since, and its calc.py is another. */
  function history(): { workdir: string; base: string } {
    const workdir = tempDir("at-commit");
    git(workdir, "init", "-q");
    mkdirSync(join(workdir, "tests"));
    writeFileSync(join(workdir, "calc.py"), "def add(a, b):\n    return a - b\n");
    writeFileSync(join(workdir, "tests", "test_calc.py"), "from calc import add\n");
    git(workdir, "add", ".");
    git(workdir, "commit", "-qm", "base");
    const base = git(workdir, "rev-parse", "HEAD");
    writeFileSync(join(workdir, "calc.py"), "# rewritten since\n");
    git(workdir, "commit", "-qam", "later");
    return { workdir, base };
  }
  const FIX = "--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a - b\n+    return a + b\n";
  const TEST_PATCH =
    "--- a/tests/test_calc.py\n+++ b/tests/test_calc.py\n@@ -1 +1,4 @@\n from calc import add\n+\n+def test_add():\n+    assert add(2, 3) == 5\n" +
    "--- /dev/null\n+++ b/tests/test_more.py\n@@ -0,0 +1 @@\n+def test_more(): pass\n";
  // The candidate writes the test the trusted patch writes, to make it pass whatever the code does.
  const OWN_TESTS =
    "--- a/tests/test_calc.py\n+++ b/tests/test_calc.py\n@@ -1 +1,2 @@\n from calc import add\n+def test_add(): pass\n" +
    "--- /dev/null\n+++ b/tests/test_more.py\n@@ -0,0 +1 @@\n+def test_more(): assert True\n";
  const line = (diff: string, instance: Candidate["instance"]): Candidate => ({
    id: "t1",
    source: "tasks.jsonl:1",
    kind: "patch",
    text: diff,
    instance,
  });
  const atCommit = (workdir: string, commit: string) =>
    context({ workdir }, { tree: (sha) => readCommitTree(workdir, sha!, 1 << 20, "max-tree-size"), commit });
  const text = (file: { content: string | Uint8Array } | undefined) =>
    file && Buffer.from(file.content as Uint8Array).toString();

  it("applies the patch to the commit's tree, not the checkout's, and starts from that commit", async () => {
    const { workdir, base } = history();
    const ready = prepared(await prepareCandidate(line(FIX, { baseCommit: base }), atCommit(workdir, base)));
    expect(ready).toMatchObject({ start: "tree", commit: base, deleted: [] });
    expect(text(ready.files.find((f) => f.path === "calc.py"))).toBe("def add(a, b):\n    return a + b\n");
  });

  it("puts the test_patch's files over the candidate's: its own version of a trusted test never runs", async () => {
    const { workdir, base } = history();
    const ready = prepared(
      await prepareCandidate(
        line(FIX + OWN_TESTS, { baseCommit: base, testPatch: TEST_PATCH }),
        atCommit(workdir, base),
      ),
    );
    const byPath = new Map(ready.files.map((f) => [f.path, f]));
    expect(text(byPath.get("tests/test_calc.py"))).toBe(
      "from calc import add\n\ndef test_add():\n    assert add(2, 3) == 5\n",
    );
    expect(text(byPath.get("tests/test_more.py"))).toBe("def test_more(): pass\n");
    expect(text(byPath.get("calc.py"))).toBe("def add(a, b):\n    return a + b\n");
    // The trusted files are not the candidate's: no parse check of them is its syntax error.
    expect(ready.checks).toEqual([{ language: "python", files: ["calc.py"] }]);
    // compare: base runs the base with the trusted tests in, as a SWE-bench harness does.
    expect(ready.unpatched?.map((f) => f.path).sort()).toEqual(["tests/test_calc.py", "tests/test_more.py"]);
  });

  it("refuses a test_patch that does not apply to the base as our side's failure, not the candidate's", async () => {
    const { workdir, base } = history();
    const broken = "--- a/tests/test_calc.py\n+++ b/tests/test_calc.py\n@@ -1 +1 @@\n-import nothing\n+import x\n";
    const outcome = await prepareCandidate(line(FIX, { baseCommit: base, testPatch: broken }), atCommit(workdir, base));
    expect(outcome).toMatchObject({ status: "sandbox_error" });
    expect((outcome as Unprepared).reason).toMatch(
      new RegExp(`^the line's test_patch does not apply to its base \\(${base}\\): .*tests/test_calc.py`),
    );
  });

  it("calls a candidate that changed a file the test_patch writes protected, even one the base lacks or `protect` leaves out", async () => {
    const { workdir, base } = history();
    // tests/test_more.py is new: no rule of `protect` covers a file the base lacks; and protect is off.
    const ADDS_MORE = "--- /dev/null\n+++ b/tests/test_more.py\n@@ -0,0 +1 @@\n+def test_more(): assert True\n";
    for (const inputs of [{}, { protect: "" }]) {
      const ready = prepared(
        await prepareCandidate(
          line(FIX + ADDS_MORE, { baseCommit: base, testPatch: TEST_PATCH }),
          context(
            { workdir, ...inputs },
            { tree: (sha) => readCommitTree(workdir, sha!, 1 << 20, "max-tree-size"), commit: base },
          ),
        ),
      );
      expect(ready.protected).toEqual(["tests/test_more.py"]);
      // The trusted version is what runs.
      expect(text(ready.files.find((f) => f.path === "tests/test_more.py"))).toBe("def test_more(): pass\n");
    }
    // A file the test_patch does not touch stays the candidate's; none of its files touched, nothing protected.
    const own = "--- /dev/null\n+++ b/tests/test_mine.py\n@@ -0,0 +1 @@\n+def test_mine(): pass\n";
    const clean = prepared(
      await prepareCandidate(line(FIX + own, { baseCommit: base, testPatch: TEST_PATCH }), atCommit(workdir, base)),
    );
    expect(clean.protected).toBeUndefined();
  });

  it("refuses a line at a commit when the run reads no repository, rather than patching something else", async () => {
    const outcome = await prepareCandidate(line(FIX, { baseCommit: "abc" }), context({}, { commit: "abc" }));
    expect(outcome).toMatchObject({ status: "sandbox_error" });
    expect((outcome as Unprepared).reason).toMatch(/base_commit needs the run's git repository/);
  });
});
