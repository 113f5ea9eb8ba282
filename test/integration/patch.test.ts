// Patches end to end through the bundled CLI: applied in memory, run over the patched tree in the
// sandbox, and the runner's checkout left byte-identical.
import { execFile } from "node:child_process";
import { cpSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import type { Result } from "../../src/core/model.js";
import { TEST_IMAGE } from "./support.js";
import { tempDir } from "../support/temp.js";
import { readValidReport } from "../support/report-schema.js";
import { treeHash } from "../support/tree.js";

const FIXTURES = resolve(import.meta.dirname, "../fixtures");
const CLI = resolve(import.meta.dirname, "../../dist/cli.js");

let workdir: string;
let before: string;
let results: Map<string, Result>;
let exitCode: number;

/** The bundled CLI over the named fixture patches in a copy of the fixture repository. */
async function gate(
  names: string[],
  command: string,
): Promise<{ workdir: string; before: string; results: Map<string, Result>; exitCode: number }> {
  const parent = tempDir("patch");
  const workdir = join(parent, "repo");
  cpSync(join(FIXTURES, "patch-repo"), workdir, { recursive: true });
  const before = treeHash(workdir);
  const report = join(parent, "report.json");
  const patches = names.map((n) => join(FIXTURES, "patches", `${n}.patch`));
  const args = [
    CLI,
    "run",
    "--workdir",
    workdir,
    "--language",
    "python",
    "--tests",
    "calc/**,helpers/**,tests/**,README.md",
  ];
  args.push(
    "--command",
    command,
    "--image",
    TEST_IMAGE,
    "--pull",
    "never",
    "--timeout",
    "10s",
    "--report",
    report,
    ...patches,
  );
  const exitCode = await promisify(execFile)(process.execPath, args).then(
    () => 0,
    (error: { code: number }) => error.code,
  );
  const parsed = readValidReport(report);
  return {
    workdir,
    before,
    results: new Map(parsed.results.map((r) => [r.id.replace(/^.*\/|\.patch$/g, ""), r])),
    exitCode,
  };
}

beforeAll(async () => {
  const names = ["fix", "stale", "escape-relative", "escape-absolute", "broken", "long-name"];
  ({ workdir, before, results, exitCode } = await gate(names, "python3 -m unittest discover -s tests"));
});

describe("patches in the sandbox", () => {
  it("applies a multi-file patch (modify, add, delete, rename) and passes the repository's own tests", () => {
    const fix = results.get("fix")!;
    expect(fix.status, fix.feedback + fix.stderr).toBe("pass");
    expect(fix.patch_strategy).toBe("exact");
    expect(fix.changed_files).toEqual([
      "README.md",
      "calc/format.py",
      "calc/legacy.py",
      "calc/ops.py",
      "helpers/fmt.py",
      "tests/test_format.py",
    ]);
    expect(fix.stderr).toMatch(/Ran 3 tests/);
  });

  it("reports a patch whose context no longer matches as patch_failed, naming the file and hunk", () => {
    const stale = results.get("stale")!;
    expect(stale.status).toBe("patch_failed");
    expect(stale.feedback).toMatch(/calc\/ops\.py hunk 1 \(@@ -1,6 \+1,6 @@\)/);
  });

  it("refuses paths that escape the tree, and writes nothing anywhere", () => {
    for (const id of ["escape-relative", "escape-absolute"]) {
      expect(results.get(id)!.status).toBe("patch_failed");
      expect(results.get(id)!.feedback).toMatch(/path escapes the tree/);
    }
    expect(existsSync(join(workdir, "..", "outside"))).toBe(false);
    expect(existsSync("/etc/sandbox-gate-escaped")).toBe(false);
  });

  // A name no file system holds used to reach the sandbox and end sandbox_error ("ours: re-run").
  it("reports a 300-byte file name as the candidate's patch_failed, naming the path", () => {
    const long = results.get("long-name")!;
    expect(long.status).toBe("patch_failed");
    expect(long.feedback).toMatch(/path too long: "calc\/n+…" has a name of 303 bytes/);
  });

  it("gives syntax_error with the file and line a patch broke", () => {
    expect(results.get("broken")).toMatchObject({ status: "syntax_error", syntax: { file: "calc/ops.py", line: 8 } });
  });

  it("leaves the runner's checkout byte-identical and fails the gate", () => {
    expect(treeHash(workdir)).toBe(before);
    expect(exitCode).toBe(1);
  });
});

describe("file modes", () => {
  // Without the execute bit carried into the sandbox, the shell answers "Permission denied" (exit 126).
  // The script runs the base tree's tests, whose known bug (fix.patch mends it) makes them fail.
  it("runs a script the patch adds with mode 100755", async () => {
    const { results } = await gate(["executable"], "./tests/run.sh");
    const added = results.get("executable")!;
    expect(added).toMatchObject({ status: "test_failed", exit_code: 1, changed_files: ["tests/run.sh"] });
    expect(added.stderr).toMatch(/Ran 2 tests[\s\S]*FAILED \(failures=1\)/);
    expect(added.stderr).not.toMatch(/Permission denied/);
  });
});
