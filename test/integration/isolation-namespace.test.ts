// `isolation: namespace` through the whole gate, as `candidate` on the same patches: a `setup` whose
// result the candidates start from (the run image, so the template is made from it), `compare: base`,
// `test-results`, `protect` and `reruns` give the same statuses, attempts, tests and comparisons.
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { Result } from "../../src/core/model.js";
import { PYTHON_DEV_IMAGE } from "./support.js";
import { tempDir } from "../support/temp.js";
import { readValidReport } from "../support/report-schema.js";

const ROOT = resolve(import.meta.dirname, "../..");

const CALC = "def add(a, b):\n    return a + b\n\ndef mul(a, b):\n    return a * b\n";
const TESTS = [
  "import os",
  "from calc import add, mul",
  "",
  "def test_add():",
  "    assert add(2, 3) == 5",
  "",
  "def test_mul():",
  "    assert mul(2, 3) == 6",
  "",
  "def test_setup_ran():",
  '    assert os.path.exists("setup-marker.txt")',
  "",
].join("\n");

const PATCHES = {
  "good.patch":
    "--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,3 @@\n def add(a, b):\n+    # documented\n     return a + b\n",
  "break-mul.patch":
    "--- a/calc.py\n+++ b/calc.py\n@@ -3,3 +3,3 @@ def add(a, b):\n \n def mul(a, b):\n-    return a * b\n+    return a + b\n",
  "touch-test.patch":
    "--- a/tests/test_calc.py\n+++ b/tests/test_calc.py\n@@ -7,3 +7,3 @@ def test_add():\n def test_mul():\n-    assert mul(2, 3) == 6\n+    assert True\n \n",
};

function repository(): { repo: string; patches: string[] } {
  const dir = tempDir("ns-modes");
  const repo = join(dir, "repo");
  mkdirSync(join(repo, "tests"), { recursive: true });
  writeFileSync(join(repo, "calc.py"), CALC);
  writeFileSync(join(repo, "tests/test_calc.py"), TESTS);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "base");
  const patches = Object.entries(PATCHES).map(([name, text]) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  });
  return { repo, patches };
}

/** The gate's CLI from the sources, as a nightly job runs it; its report. */
async function gate(isolation: string, repo: string, patches: string[]) {
  const report = join(repo, "..", `report-${isolation}.json`);
  const args = [
    ...["--isolation", isolation, "--workdir", repo, "--image", PYTHON_DEV_IMAGE, "--pull", "never"],
    ...["--command", "python3 -m pytest -q -p no:cacheprovider --junitxml=out/report.xml tests"],
    ...["--test-results", "out/*.xml", "--compare", "base", "--setup", "echo set > setup-marker.txt"],
    ...["--reruns", "1", "--timeout", "60s", "--report", report],
  ];
  await promisify(execFile)(process.execPath, ["--import", "tsx", "src/cli.ts", "run", ...args, ...patches], {
    cwd: ROOT,
  }).catch((error: { code?: number }) => {
    // 1: a candidate failed the gate, which two of these do.
    if (error.code !== 1) throw error;
  });
  return readValidReport(report) as { base?: { status: string; tests?: Result["tests"] }; results: Result[] };
}

/** What must agree between the modes: everything but the clocks and the output's text. */
function verdicts(report: Awaited<ReturnType<typeof gate>>) {
  return {
    base: report.base?.status,
    baseTests: report.base?.tests?.cases.map((c) => [c.id, c.status]),
    results: Object.fromEntries(
      report.results.map((r) => [
        r.id.split("/").pop(),
        {
          status: r.status,
          exit: r.exit_code,
          attempts: r.attempts?.map((a) => a.status),
          tests: r.tests?.cases.map((c) => [c.id, c.status]),
          compare: r.compare,
          protected: r.protected,
        },
      ]),
    ),
  };
}

describe("isolation: namespace through the gate", () => {
  it(
    "judges setup, compare: base, test-results, protect and reruns as candidate does",
    { timeout: 600_000 },
    async () => {
      const { repo, patches } = repository();
      const namespace = verdicts(await gate("namespace", repo, patches));
      expect(namespace.results).toMatchObject({
        "good.patch": { status: "pass", attempts: ["pass"] },
        "break-mul.patch": {
          status: "test_failed",
          attempts: ["test_failed", "test_failed"],
          compare: expect.objectContaining({ pass_to_fail: ["tests.test_calc::test_mul"] }),
        },
        "touch-test.patch": { status: "protected", protected: ["tests/test_calc.py"] },
      });
      // The setup's file is in every candidate's tree: the template was made from the run image.
      expect(namespace.results["good.patch"]!.tests).toContainEqual(["tests.test_calc::test_setup_ran", "passed"]);
      expect(namespace).toEqual(verdicts(await gate("candidate", repo, patches)));
    },
  );
});
