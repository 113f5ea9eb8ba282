// Dataset lines at their own commits (SWE-bench's base_commit, test_patch, FAIL_TO_PASS, PASS_TO_PASS),
// end to end through the bundled CLI with real pytest: each line's base is its commit's tree read with git
// (the checkout has moved on and is never touched), the trusted tests win over the candidate's, the lists
// decide `resolved`, one base and one setup per commit, and nothing of the run is left.
import { execFile, execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/temp.js";
import { treeHash } from "../support/tree.js";
import { gate } from "./checkout.js";
import { PYTHON_DEV_IMAGE } from "./support.js";

const CLI = resolve(import.meta.dirname, "../../dist/cli.js");

function repo() {
  const dir = join(tempDir("instances"), "repo");
  execFileSync("mkdir", ["-p", join(dir, "tests")]);
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", ...args]).toString();
  const write = (path: string, text: string) => writeFileSync(join(dir, path), text);
  const diff = (edit: () => void) => {
    edit();
    const out = git("diff");
    git("reset", "-q");
    git("checkout", "-q", ".");
    git("clean", "-qfd");
    return out;
  };
  git("init", "-q");
  write("calc.py", "def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n");
  write("tests/test_calc.py", "from calc import mul\n\n\ndef test_mul():\n    assert mul(2, 3) == 6\n");
  git("add", ".");
  git("commit", "-qm", "first: add is wrong");
  const first = git("rev-parse", "HEAD").trim();
  const fixAdd = (file = "calc.py") =>
    write(file, "def add(a, b):\n    return a + b\n\n\ndef mul(a, b):\n    return a * b\n");
  const tasks = {
    first,
    gold: diff(() => fixAdd()),
    null: diff(() =>
      write("calc.py", "# a comment\ndef add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n"),
    ),
    broken: diff(() => write("calc.py", "def add(a, b):\n    return a + b\n\n\ndef mul(a, b):\n    return a + b\n")),
    // Fixes nothing, and writes the test the trusted patch brings so that it passes whatever add does.
    cheat: diff(() =>
      write(
        "tests/test_calc.py",
        "from calc import mul\n\n\ndef test_mul():\n    assert mul(2, 3) == 6\n\n\ndef test_add():\n    pass\n",
      ),
    ),
    // A test_patch that brings its test in a new file, and a candidate that writes that file first.
    newTests: diff(() => {
      write("tests/test_add.py", "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n");
      git("add", "-N", "tests/test_add.py");
    }),
    cheatNew: diff(() => {
      write("tests/test_add.py", "def test_add():\n    pass\n");
      git("add", "-N", "tests/test_add.py");
    }),
    testPatch: diff(() =>
      write(
        "tests/test_calc.py",
        "from calc import add, mul\n\n\ndef test_mul():\n    assert mul(2, 3) == 6\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
      ),
    ),
  };
  // A second task, later in the history: mul is broken there.
  write("calc.py", "def add(a, b):\n    return a + b\n\n\ndef mul(a, b):\n    return a ** b\n");
  git("commit", "-qam", "second: mul is wrong");
  const second = git("rev-parse", "HEAD").trim();
  const secondGold = diff(() => fixAdd());
  const secondTests = diff(() =>
    write(
      "tests/test_calc.py",
      "from calc import mul\n\n\ndef test_mul():\n    assert mul(2, 3) == 6\n\n\ndef test_mul_more():\n    assert mul(3, 3) == 9\n",
    ),
  );
  // The checkout has moved on since: a patch read against it would not apply.
  write("calc.py", "raise SystemExit('the checkout is not any line's base')\n");
  git("commit", "-qam", "later");
  return { dir, git, ...tasks, second, secondGold, secondTests };
}

describe("dataset lines at their own commits", () => {
  it("judges each line on its commit's tree with its trusted tests, by its lists, one base and setup per commit", async () => {
    const r = repo();
    const command = "python3 -m pytest -q -p no:cacheprovider --junitxml=results/junit.xml tests";
    const first = { base_commit: r.first.slice(0, 12), test_patch: r.testPatch, command, task: "first" };
    // One id as the report writes it, one as pytest (and SWE-bench) names it.
    const lists = { fail_to_pass: ["tests.test_calc::test_add"], pass_to_pass: ["tests/test_calc.py::test_mul"] };
    const lines = [
      { id: "gold", patch: r.gold, ...first, ...lists },
      {
        id: "second-gold",
        patch: r.secondGold,
        base_commit: r.second,
        test_patch: r.secondTests,
        command,
        task: "second",
        fail_to_pass: ["tests.test_calc::test_mul_more"],
        pass_to_pass: ["tests.test_calc::test_mul"],
      },
      { id: "null", patch: r.null, ...first, ...lists },
      { id: "broken", patch: r.broken, ...first, ...lists },
      { id: "cheat", patch: r.cheat, ...first, ...lists },
    ];
    const dataset = join(r.dir, "..", "tasks.jsonl");
    writeFileSync(dataset, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const head = r.git("rev-parse", "HEAD");
    const before = treeHash(r.dir);
    const { results, report, exitCode, stderr, leftImages } = await gate(
      r.dir,
      [dataset],
      [
        "--image",
        PYTHON_DEV_IMAGE,
        "--timeout",
        "60s",
        "--test-results",
        "results/*.xml",
        "--setup",
        "python3 -m compileall -q .",
      ],
    );
    const seen = Object.fromEntries([...results].map(([id, x]) => [id, [x.status, x.resolved]]));
    const why = [...results].map(([id, x]) => `${id}: ${x.feedback}`).join("\n\n");
    expect(seen, why).toEqual({
      gold: ["pass", "full"],
      "second-gold": ["pass", "full"],
      null: ["test_failed", "no"],
      broken: ["test_failed", "no"],
      cheat: ["protected", "no"],
    });
    expect(results.get("broken")!.feedback).toMatch(/1 of 1 PASS_TO_PASS did not pass.*test_mul/);
    // The cheat's own test_add never ran: the trusted one did, and failed.
    expect(results.get("cheat")!.tests?.cases.find((c) => c.name === "test_add")?.status).toBe("failed");
    expect(report.summary.resolved).toEqual({ full: 2, partial: 0, no: 3 });
    expect(exitCode).toBe(1);
    expect(stderr).toMatch(/resolved 2 of 5 \(40\.0%, 95% CI 11\.8–76\.9%\)/);
    // One base per commit, its setup run once, however many lines share it.
    expect(stderr.match(/setup on \S+ took/g)).toHaveLength(2);
    expect(leftImages).toBe("");
    expect(r.git("rev-parse", "HEAD")).toBe(head);
    expect(treeHash(r.dir)).toBe(before);
  });

  it("refuses a test_patch that does not apply to its base_commit before anything runs; one the candidate's patch breaks is protected", async () => {
    const r = repo();
    const command = "python3 -m pytest -q -p no:cacheprovider --junitxml=results/junit.xml tests";
    const at = { base_commit: r.first, command, fail_to_pass: ["tests/test_add.py::test_add"], pass_to_pass: [] };
    // Its context is not what the commit's test file holds.
    const stale =
      "--- a/tests/test_calc.py\n+++ b/tests/test_calc.py\n@@ -1 +1 @@\n-from calc import div\n+from calc import add\n";
    const dataset = join(r.dir, "..", "tasks.jsonl");
    const write = (lines: object[]) => writeFileSync(dataset, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const flags = ["--image", PYTHON_DEV_IMAGE, "--timeout", "60s", "--test-results", "results/*.xml"];

    write([
      { id: "gold", patch: r.gold, test_patch: r.newTests, ...at },
      { id: "stale", patch: r.gold, test_patch: stale, ...at },
      { id: "stale-again", patch: r.null, test_patch: stale, ...at },
    ]);
    const report = join(r.dir, "..", "report.json");
    const refused = await promisify(execFile)(
      process.execPath,
      [CLI, "run", "--pull", "never", "--report", report, ...flags, dataset],
      { cwd: r.dir },
    ).then(
      () => ({ exitCode: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => ({ exitCode: error.code, stderr: error.stderr }),
    );
    expect(refused.exitCode, refused.stderr).toBe(2);
    // One line, naming the dataset's line and the file whose context did not match; nothing ran.
    const errors = refused.stderr.split("\n").filter((line) => line.includes("test_patch"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(
        `tasks\\.jsonl:2: the line's test_patch does not apply to its base_commit "${r.first}" .*tests/test_calc\\.py.*; nothing was run`,
      ),
    );
    expect(refused.stderr).not.toMatch(/\[1\/3\]|gold: /);
    expect(existsSync(report)).toBe(false);

    write([
      { id: "gold", patch: r.gold, test_patch: r.newTests, ...at },
      { id: "cheat-new", patch: r.cheatNew, test_patch: r.newTests, ...at },
    ]);
    const { results, exitCode, leftImages } = await gate(r.dir, [dataset], flags);
    const seen = Object.fromEntries([...results].map(([id, x]) => [id, [x.status, x.resolved, x.protected]]));
    expect(seen).toEqual({
      gold: ["pass", "full", undefined],
      "cheat-new": ["protected", "no", ["tests/test_add.py"]],
    });
    // The trusted test is what ran, and it failed: the candidate fixed nothing.
    expect(results.get("cheat-new")!.tests?.cases.find((c) => c.name === "test_add")?.status).toBe("failed");
    expect(exitCode).toBe(1);
    expect(leftImages).toBe("");
  });
});
