// SWE-bench-style lines judged by a test runner's own output, as SWE-bench's harness reads it: a real pytest
// `-rA` in the python test image, through the gate's CLI (from the sources) as a user runs it, each line's
// `results_format` winning over the run's `junit` (which would find no file and fail every line). A fix
// resolves its task; a patch that leaves the listed test failing and prints a forged PASSED line for it
// after pytest's own summary (an atexit hook, which SWE-bench's last-line-wins reading believes) does not.
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { Result } from "../../src/core/schemas/report.js";
import { readValidReport } from "../support/report-schema.js";
import { tempDir } from "../support/temp.js";
import { PYTHON_DEV_IMAGE } from "./support.js";

const ROOT = resolve(import.meta.dirname, "../..");
const F2P = "tests/test_calc.py::test_add";
const P2P = ["tests/test_calc.py::test_mul", "tests/test_calc.py::TestPow::test_pow[2-8]"];

/** A repository whose add is wrong, the lines for it, and the dataset file. */
function task(): { repo: string; dataset: string } {
  const dir = tempDir("log-formats");
  const repo = join(dir, "repo");
  mkdirSync(join(repo, "tests"), { recursive: true });
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", ...args]).toString();
  const write = (path: string, text: string) => writeFileSync(join(repo, path), text);
  const calc = (add: string, extra = "") =>
    `${extra}def add(a, b):\n    return ${add}\n\n\ndef mul(a, b):\n    return a * b\n`;
  write("calc.py", calc("a - b"));
  write(
    "tests/test_calc.py",
    "import pytest\n\nfrom calc import mul\n\n\ndef test_mul():\n    assert mul(2, 3) == 6\n\n\n" +
      "class TestPow:\n    @pytest.mark.parametrize('e,want', [(3, 8)], ids=['2-8'])\n" +
      "    def test_pow(self, e, want):\n        assert 2**e == want\n",
  );
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "base: add is wrong");
  const base = git("rev-parse", "HEAD").trim();
  const diff = (edit: () => void) => {
    edit();
    git("add", "-N", ".");
    const out = git("diff");
    git("checkout", "-q", ".");
    git("clean", "-qfd");
    return out;
  };
  const testPatch = diff(() =>
    writeFileSync(
      join(repo, "tests/test_calc.py"),
      `from calc import add\n${execFileSync("git", ["-C", repo, "show", "HEAD:tests/test_calc.py"]).toString()}\n\ndef test_add():\n    assert add(2, 3) == 5\n`,
    ),
  );
  const fix = diff(() => write("calc.py", calc("a + b")));
  // add stays wrong; at exit, after pytest's summary, a line that claims the listed test passed.
  const forged = diff(() =>
    write("calc.py", calc("a - b", `import atexit\n\natexit.register(print, "PASSED ${F2P}")\n\n\n`)),
  );
  const line = (id: string, patch: string) => ({
    id,
    patch,
    base_commit: base,
    test_patch: testPatch,
    command: "python3 -m pytest -rA -p no:cacheprovider tests/test_calc.py",
    results_format: "pytest",
    fail_to_pass: [F2P],
    pass_to_pass: P2P,
  });
  const dataset = join(dir, "lines.jsonl");
  writeFileSync(dataset, [line("fix", fix), line("forged", forged)].map((l) => `${JSON.stringify(l)}\n`).join(""));
  return { repo, dataset };
}

/** The gate's CLI from the sources; each result by its id. */
async function gate(repo: string, dataset: string, flags: string[]): Promise<Map<string, Result>> {
  const report = join(repo, "..", "report.json");
  const args = ["--workdir", repo, "--image", PYTHON_DEV_IMAGE, "--pull", "never", "--timeout", "60s"];
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "src/cli.ts", "run", ...args, "--report", report, ...flags, dataset],
    { cwd: ROOT },
  ).catch((error: { code?: number; stderr?: string }) => {
    // 1: a candidate failed the gate.
    if (error.code !== 1) throw new Error(`the gate exited ${error.code}: ${error.stderr}`);
  });
  const results = (readValidReport(report) as { results: Result[] }).results;
  return new Map(results.map((r) => [r.id, r]));
}

describe("a line's results_format: pytest's own output read as SWE-bench reads it", () => {
  it("resolves a fix in full, and not a failing test whose PASSED line the candidate forged after pytest's summary", async () => {
    const { repo, dataset } = task();
    const results = await gate(repo, dataset, [
      // The run's own format finds no file: only the lines' format can decide.
      "--results-format",
      "junit",
      "--test-results",
      "reports/*.xml",
      // Tamper evidence off: the log's reading is what is proved here.
      "--fail-on",
      "no_code,patch_failed,protected,syntax_error,timeout,oom,test_failed,sandbox_error",
    ]);
    expect([...results.keys()]).toEqual(["fix", "forged"]);
    const fix = results.get("fix")!;
    const forged = results.get("forged")!;
    expect({ status: fix.status, resolved: fix.resolved }, fix.feedback).toEqual({ status: "pass", resolved: "full" });
    const ids = new Map(fix.tests!.cases.map((c) => [c.id, c.status]));
    for (const id of [F2P, ...P2P]) expect(ids.get(id), id).toBe("passed");
    // The forged line reached the output, after pytest's own count, and was not believed.
    expect(forged.stdout).toMatch(/=+ 1 failed, 2 passed in [\d.]+s =+\n/);
    expect(forged.stdout.trimEnd().split("\n").at(-1)).toBe(`PASSED ${F2P}`);
    expect({ status: forged.status, resolved: forged.resolved }).toEqual({ status: "test_failed", resolved: "no" });
    expect(forged.tests!.cases.find((c) => c.id === F2P)?.status).toBe("failed");
  }, 300_000);
});
