// A pass needs the exit code and the test results to agree, on real pytest through the bundled CLI: a
// step after the tests that fails, an all-pass results file forged by the code under test after a real
// failure, and a results file shipped in the patch each tried as an agent that wants a green check would.
import { copyFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AFTER_ITS_TESTS } from "../../src/verdict/by-tests.js";
import { startFakeGitHub, TOKEN, type FakeGitHub } from "../support/github-server.js";
import { tempDir } from "../support/temp.js";
import { pullRequestEvent, runStep } from "./bundled-action.js";
import { checkout, gate } from "./checkout.js";
import { PYTHON_DEV_IMAGE } from "./support.js";

const REPOS = resolve(import.meta.dirname, "../fixtures/repos");
const SETUP =
  "python3 -m venv --system-site-packages .venv && .venv/bin/pip install -q --no-index --no-deps vendor/tinydep-1.0-py3-none-any.whl";
const PYTEST = ".venv/bin/python -m pytest -q -p no:cacheprovider --junitxml=reports/pytest.xml tests";
const flags = (command: string, setup = SETUP) => [
  "--image",
  PYTHON_DEV_IMAGE,
  "--setup",
  setup,
  "--command",
  command,
  "--test-results",
  "reports/*.xml",
];

// What a forger writes: the five tests of the inventory fixture, all passed.
const ALL_PASS = [
  '<?xml version="1.0" encoding="utf-8"?>',
  '<testsuites><testsuite name="pytest" tests="5" failures="0" errors="0" skipped="0">',
  ...[
    ["tests.test_pricing.PricingTest", "test_total"],
    ["tests.test_pricing.PricingTest", "test_discounted"],
    ["tests.test_stock.StockTest", "test_add_and_count"],
    ["tests.test_stock.StockTest", "test_remove"],
    ["tests.test_stock.StockTest", "test_remove_too_many"],
  ].map(([cls, name]) => `<testcase classname="${cls}" name="${name}" time="0.001"/>`),
  "</testsuite></testsuites>",
].join("");

const FIX_REMOVE = [
  "--- a/inventory/stock.py",
  "+++ b/inventory/stock.py",
  "@@ -13,8 +13,7 @@ class Stock:",
  "         have = self._items.get(name, 0)",
  "         if count > have:",
  '             raise ValueError(f"only {have} of {name} in stock")',
  "-        # Bug: removes one too many.",
  "-        self._items[name] = have - count - 1",
  "+        self._items[name] = have - count",
  " ",
  "     def count(self, name):",
  "         return self._items.get(name, 0)",
];

/** A patch adding `path` with `lines` (a new file). */
const added = (path: string, lines: string[]) => [
  `--- /dev/null`,
  `+++ b/${path}`,
  `@@ -0,0 +1,${lines.length} @@`,
  ...lines.map((l) => `+${l}`),
];

function patchFiles(patches: Record<string, string[]>): string[] {
  const dir = tempDir("honest-pass");
  return Object.entries(patches).map(([name, lines]) => {
    const path = join(dir, `${name}.patch`);
    writeFileSync(path, `${lines.join("\n")}\n`);
    return path;
  });
}

// Each test is whole CLI runs with a setup, and with compare: base a baseline run too: at load 20 one took
// over the suite's 120 s, so these have room for a loaded runner (their verdicts decide nothing by the clock).
describe("a pass needs the exit code, the results and a run of the suite to agree", { timeout: 300_000 }, () => {
  it("with compare: base, a step after the tests that exits 1 is not excused when every test passes", async () => {
    const fix = join(REPOS, "inventory-patches", "fix.patch");
    const { results } = await gate(
      checkout(join(REPOS, "inventory")),
      [fix],
      [...flags(`${PYTEST} && sh -c 'echo lint: 1 problem; exit 1'`), "--compare", "base"],
    );
    const r = results.get("fix")!;
    expect(r.status, r.feedback).toBe("test_failed");
    expect(r.exit_code).toBe(1);
    expect(r.tests?.counts).toMatchObject({ failed: 0, error: 0 });
    expect(r.notes ?? []).toContain(AFTER_ITS_TESTS);
  });

  it("an all-pass results file forged by the code under test after a real failure does not pass, with or without compare", async () => {
    // The package, imported by the tests, overwrites pytest's report when the process exits.
    const forger = added("inventory/forge.py", [
      "import atexit, os",
      "",
      "def _forge():",
      '    os.makedirs("reports", exist_ok=True)',
      `    with open("reports/pytest.xml", "w") as f:`,
      `        f.write(${JSON.stringify(ALL_PASS)})`,
      "",
      "atexit.register(_forge)",
    ]);
    const hook = [
      "--- a/inventory/__init__.py",
      "+++ b/inventory/__init__.py",
      "@@ -1 +1,2 @@",
      ' """Stock and prices for a small shop."""',
      "+from . import forge  # noqa: F401",
    ];
    const [forged] = patchFiles({ forged: [...FIX_REMOVE, ...forger, ...hook] });
    for (const more of [[], ["--compare", "base"]]) {
      const { results } = await gate(checkout(join(REPOS, "inventory")), [forged!], [...flags(PYTEST), ...more]);
      const r = results.get("forged")!;
      expect(r.status, `${more.join(" ")}: ${r.feedback}`).toBe("test_failed");
      // The forgery was read (every case passed), and the exit code still decided.
      expect(r.tests?.counts).toEqual({ passed: 5, failed: 0, error: 0, skipped: 0 });
      expect(r.exit_code).toBe(1);
    }
    // Two whole gate runs, each with its setup and a base run: 120 s was too short beside two CI suites.
  }, 300_000);

  it("a results file shipped in the patch is removed before the command runs", async () => {
    const [shipped] = patchFiles({ shipped: [...FIX_REMOVE, ...added("reports/pytest.xml", [ALL_PASS])] });
    // A command that writes no results of its own: only the shipped file could make it pass.
    const { results } = await gate(checkout(join(REPOS, "inventory")), [shipped!], flags("true"));
    const r = results.get("shipped")!;
    expect(r.status, r.feedback).toBe("test_failed");
    expect(r.tests).toBeUndefined();
    expect(r.feedback).toContain("no test ran");
    // A gate run with its setup: 6.9 s on a quiet machine, 90 s beside four hogs and a second suite.
  }, 300_000);

  it("a results file the setup leaves in the work dir is removed before the command runs", async () => {
    const repo = checkout(join(REPOS, "inventory"), { "forged.xml": ALL_PASS });
    const [fix] = patchFiles({ fix: FIX_REMOVE });
    const { results } = await gate(
      repo,
      [fix!],
      flags("true", `${SETUP} && mkdir -p reports && cp forged.xml reports/pytest.xml`),
    );
    const r = results.get("fix")!;
    expect(r.status, r.feedback).toBe("test_failed");
    expect(r.feedback).toContain("no test ran");
    // As the one above: 6.6 s quiet, 79 s beside four hogs and a second suite.
  }, 300_000);
});

describe("the same rule through the bundled action", () => {
  let github: FakeGitHub;
  beforeEach(async () => {
    github = await startFakeGitHub();
  });
  afterEach(async () => {
    expect(github.violations).toEqual([]);
    await github.close();
  });

  it("fails the step and the check for a lint step after passing tests, under compare: base", async () => {
    const repo = checkout(join(REPOS, "inventory"));
    // The fixture's fix of both bugs: every test passes, so only the lint step's exit 1 can fail it.
    copyFileSync(join(REPOS, "inventory-patches", "fix.patch"), join(repo, "fix.patch"));
    const step = await runStep({
      apiUrl: github.url,
      workspace: repo,
      event: pullRequestEvent(7),
      inputs: {
        "github-token": TOKEN,
        source: "files",
        files: "fix.patch",
        comment: "false",
        image: PYTHON_DEV_IMAGE,
        pull: "never",
        setup: SETUP,
        command: `${PYTEST} && sh -c 'echo lint: 1 problem; exit 1'`,
        "test-results": "reports/*.xml",
        compare: "base",
        timeout: "60s",
      },
    });
    expect(step.exitCode, step.stdout + step.stderr).toBe(1);
    expect(step.outputs.status).toBe("fail");
    expect(JSON.parse(step.outputs.results!)).toMatchObject([{ id: "fix.patch", status: "test_failed", exit_code: 1 }]);
    expect(github.checkRuns).toMatchObject([{ name: "sandbox-gate", conclusion: "failure" }]);
    // A whole run with its setup and a base run, on Node 24: 84 s were measured beside two CI suites.
  }, 300_000);
});
