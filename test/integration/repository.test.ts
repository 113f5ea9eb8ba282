// An agent's pull request on a real repository, end to end through the bundled CLI: the whole tree
// git tracks (no `tests` input), dependencies by `setup` or by an image built from a Dockerfile, the
// repository's own suite (unittest, node --test), the process limit a suite needs, and the checkout
// byte-identical afterwards.
import { randomBytes } from "node:crypto";
import { cpSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/temp.js";
import { checkout, gate } from "./checkout.js";
import { PYTHON_DEV_IMAGE, TEST_IMAGE, docker } from "./support.js";
import { treeHash } from "../support/tree.js";

const REPOS = resolve(import.meta.dirname, "../fixtures/repos");
const FIXTURES = resolve(import.meta.dirname, "../fixtures");

describe("a patch on the whole checkout", () => {
  // The example: with the three files the patch touched alone, `discover` could not import tests.
  it("passes the repository's own suite with no `tests` input, and leaves the checkout as it was", async () => {
    const repo = checkout(join(FIXTURES, "patch-repo"));
    const before = treeHash(repo);
    const { results, exitCode, leftImages } = await gate(
      repo,
      [join(FIXTURES, "patches", "fix.patch")],
      ["--image", TEST_IMAGE, "--command", "python3 -m unittest discover -s tests -t ."],
    );
    const fix = results.get("fix")!;
    expect(fix.status, fix.feedback).toBe("pass");
    expect(fix.stderr).toMatch(/Ran 3 tests/);
    expect(exitCode).toBe(0);
    expect(treeHash(repo)).toBe(before);
    expect(leftImages).toBe("");
  });
});

describe("dependencies by setup", () => {
  const setup =
    "sleep 11 && python3 -m venv .venv && .venv/bin/pip install --no-index --no-deps vendor/tinydep-1.0-py3-none-any.whl";
  const patches = ["fix", "rename", "delete", "stale", "syntax"].map((n) =>
    join(REPOS, "inventory-patches", `${n}.patch`),
  );

  it("installs offline once, and every patch is judged on what it did to the suite", async () => {
    const repo = checkout(join(REPOS, "inventory"));
    const before = treeHash(repo);
    // The setup takes longer than a candidate's timeout: it never counts against one.
    const { results, stderr, leftImages } = await gate(repo, patches, [
      "--image",
      PYTHON_DEV_IMAGE,
      // Roomy for the suite's verdicts on a loaded runner, and still shorter than the setup's sleep.
      "--timeout",
      "10s",
      "--setup",
      setup,
      "--command",
      ".venv/bin/python -m unittest discover -s tests -t .",
    ]);
    expect(Object.fromEntries([...results].map(([id, r]) => [id, r.status]))).toEqual({
      fix: "pass",
      rename: "test_failed",
      delete: "test_failed",
      stale: "patch_failed",
      syntax: "syntax_error",
    });
    expect(results.get("fix")!.stderr).toMatch(/Ran 6 tests/);
    expect(results.get("syntax")!.syntax).toMatchObject({ file: "inventory/pricing.py", line: 9 });
    expect(results.get("delete")!.changed_files).toEqual(["README.md", "inventory/legacy.py"]);
    // Once for the run, not once per candidate.
    expect(stderr.match(/setup on .* took/g)).toHaveLength(1);
    expect(treeHash(repo)).toBe(before);
    expect(leftImages).toBe("");
  }, 300_000); // a setup and five patches; at load 20 they took over 120 s

  it("makes every candidate sandbox_error with the setup's output when the setup fails, blaming none", async () => {
    const repo = checkout(join(REPOS, "inventory"));
    const { results, exitCode, leftImages } = await gate(repo, patches.slice(0, 2), [
      "--image",
      PYTHON_DEV_IMAGE,
      "--setup",
      "echo resolving tinydep; pip install --no-index tinydep",
      "--command",
      "true",
    ]);
    for (const result of results.values()) {
      expect(result.status).toBe("sandbox_error");
      expect(result.feedback).toMatch(/not because of the code/);
      expect(result.feedback).toMatch(/the setup exited with code 1/);
      expect(result.feedback).toContain("resolving tinydep");
    }
    // The CLI's exit for our side's failure, not the candidates' 1.
    expect(exitCode).toBe(3);
    expect(leftImages).toBe("");
  });
});

describe("dependencies in an image built from the repository's Dockerfile", () => {
  it("judges against `image: <tag>`, `pull: never`, with no setup", async () => {
    const repo = checkout(join(REPOS, "inventory"));
    const context = tempDir("dockerfile");
    cpSync(join(repo, "vendor"), join(context, "vendor"), { recursive: true });
    // As a workflow's earlier step would: `docker build` (or docker/build-push-action with load: true).
    writeFileSync(
      join(context, "Dockerfile"),
      `FROM ${PYTHON_DEV_IMAGE}\nCOPY vendor/ /tmp/vendor/\nRUN pip install --no-index --no-deps --break-system-packages /tmp/vendor/tinydep-1.0-py3-none-any.whl\n`,
    );
    // Named for this run: a second run of the suite on the same engine removes its own at its end.
    const tag = `sandbox-gate-test/inventory-deps-${randomBytes(4).toString("hex")}:test`;
    docker("build", "--quiet", "--tag", tag, context);
    try {
      const { results } = await gate(
        repo,
        [join(REPOS, "inventory-patches", "fix.patch")],
        ["--image", tag, "--command", "python3 -m unittest discover -s tests -t ."],
      );
      expect(results.get("fix")!.status, results.get("fix")!.feedback).toBe("pass");
    } finally {
      docker("rmi", "-f", tag);
    }
  });
});

describe("a Node package with node --test", () => {
  it("passes the fix and fails the base", async () => {
    const repo = checkout(join(REPOS, "shapes"));
    const broken = join(repo, "..", "nothing.patch");
    // A patch that changes no test outcome: only the README it adds.
    writeFileSync(broken, "--- /dev/null\n+++ b/NOTES.md\n@@ -0,0 +1 @@\n+notes\n");
    const { results } = await gate(
      repo,
      [join(REPOS, "shapes-patches", "fix.patch"), broken],
      // The suite's verdicts need room on a loaded runner: at load 20 the fix's suite took over 10 s.
      ["--image", TEST_IMAGE, "--command", "node --test", "--timeout", "60s"],
    );
    expect(results.get("fix")!.status, results.get("fix")!.feedback).toBe("pass");
    expect(results.get("fix")!.stdout).toMatch(/# pass 4/);
    expect(results.get("nothing")!.status).toBe("test_failed");
    expect(results.get("nothing")!.stdout).toMatch(/# fail 1/);
  });
});

describe("the process limit a repository's suite needs", () => {
  // A suite that starts a thread per case, as test runners and thread pools do: 100 alive at once.
  const threads = [
    "--- /dev/null",
    "+++ b/tests/test_threads.py",
    "@@ -0,0 +1,10 @@",
    "+import threading",
    "+import time",
    "+import unittest",
    "+",
    "+",
    "+class ThreadsTest(unittest.TestCase):",
    "+    def test_many_threads(self):",
    "+        workers = [threading.Thread(target=time.sleep, args=(0.5,)) for _ in range(100)]",
    "+        for w in workers: w.start()",
    "+        for w in workers: w.join()",
    "",
  ].join("\n");

  it("lets a patch's suite start its threads by default, and says so when a lower limit stops it", async () => {
    const repo = checkout(join(FIXTURES, "patch-repo"));
    const patch = join(repo, "..", "threads.patch");
    writeFileSync(patch, threads);
    const command = "python3 -m unittest tests.test_threads";
    const roomy = await gate(repo, [patch], ["--image", TEST_IMAGE, "--command", command]);
    expect(roomy.results.get("threads")!.status, roomy.results.get("threads")!.feedback).toBe("pass");
    const tight = await gate(repo, [patch], ["--image", TEST_IMAGE, "--command", command, "--pids-limit", "64"]);
    const failed = tight.results.get("threads")!;
    expect(failed.status).toBe("test_failed");
    expect(failed.stderr).toMatch(/can't start new thread/);
    expect(failed.feedback).toContain("the sandbox's process limit (pids-limit 64)");
  });
});
