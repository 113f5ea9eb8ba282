// A SWE-bench-style night resumed, with real pytest on boltons' history (the fixture of swe-tasks.test.ts):
// a first run with a report and SWE-bench's own output, then `--resume` of that report over the dataset with
// one more line appended. Only the new line is judged (the audit log lists what was judged), the others are
// carried over, and the SWE-bench files written by the second run hold every line. runCli in-process, from
// the sources: the bundled CLI is rebuilt only at a merge.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readValidReport } from "../support/report-schema.js";
import { tempDir } from "../support/temp.js";
import { cliInProcess } from "./cli-in-process.js";
import { PYTHON_DEV_IMAGE } from "./support.js";

const FIXTURES = resolve(import.meta.dirname, "../fixtures");
const LINES = new Map(
  readFileSync(join(FIXTURES, "boltons-tasks.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { id: string; task: string; patch: string })
    .map((line) => [line.id, { ...line, model: "acme/agent-7b", repo: "mahmoud/boltons" }]),
);
const line = (id: string, over: Record<string, unknown> = {}) => `${JSON.stringify({ ...LINES.get(id)!, ...over })}\n`;

/** The second run's SWE-bench output: its summary, and each instance's report.json by instance id. */
function sweBench(dir: string) {
  const [summary, ...others] = readdirSync(dir).filter((name) => name.endsWith(".json"));
  expect(others).toEqual([]);
  const runId = summary!.slice("acme__agent-7b.".length, -".json".length);
  const instances = join(dir, "logs/run_evaluation", runId, "acme__agent-7b");
  const reports = Object.fromEntries(
    readdirSync(instances)
      .filter((id) => readdirSync(join(instances, id)).includes("report.json"))
      .map((id) => [id, JSON.parse(readFileSync(join(instances, id, "report.json"), "utf8"))[id]]),
  );
  return { summary: JSON.parse(readFileSync(join(dir, summary!), "utf8")), reports, instances };
}

describe("a SWE-bench-style run resumed", () => {
  it("judges only the appended line; the SWE-bench files of the resumed run hold every line", async () => {
    const work = tempDir("resume");
    const repo = join(work, "boltons");
    execFileSync("git", ["clone", "-q", join(FIXTURES, "boltons-tasks.bundle"), repo]);
    const flags = ["--image", PYTHON_DEV_IMAGE, "--pull", "never", "--test-results", "results/junit.xml"];
    const timing = ["--timeout", "60s", "--workdir", repo];
    const data = join(work, "preds.jsonl");
    // A gold fix, a partial one (the same commit), and an empty prediction (judged without a sandbox).
    writeFileSync(
      data,
      line("boltons-c1c25da-gold") + line("boltons-eb65901-partial") + line("boltons-ec1ff9f-null", { patch: "" }),
    );
    const first = await cliInProcess(work, [
      ...flags,
      ...timing,
      "--report",
      "first.json",
      "--audit-log",
      "a1.jsonl",
      data,
    ]);
    expect(first.code, first.stderr).toBe(1);
    const judgedFirst = readFileSync(join(work, "a1.jsonl"), "utf8").trim().split("\n");
    // In the order they finished.
    expect(judgedFirst.map((l) => JSON.parse(l).candidate).sort()).toEqual([
      "boltons-c1c25da-gold",
      "boltons-eb65901-partial",
      "boltons-ec1ff9f-null",
    ]);

    // One more prediction, for a task on another commit: a patch that fixes nothing.
    writeFileSync(data, readFileSync(data, "utf8") + line("boltons-25e8d6b-null"));
    const args = ["--resume", "first.json", "--report", "second.json", "--audit-log", "a2.jsonl"];
    const second = await cliInProcess(work, [...flags, ...timing, ...args, "--swe-bench-report", "swe", data]);
    expect(second.code, second.stderr).toBe(1);
    const judged = readFileSync(join(work, "a2.jsonl"), "utf8").trim().split("\n");
    expect(judged.map((l) => JSON.parse(l).candidate)).toEqual(["boltons-25e8d6b-null"]);
    // Beside --workdir, the CLI names its path flags as it resolved them (cli/options.ts pathsFrom).
    expect(second.stderr).toMatch(
      /^sandbox-gate: resume: 3 result\(s\) carried over from '.*\/first\.json', 1 judged$/m,
    );

    const report = readValidReport(join(work, "second.json"));
    expect(report.results.map((r) => [r.id, r.resolved, r.cached === true])).toEqual([
      ["boltons-c1c25da-gold", "full", true],
      ["boltons-eb65901-partial", "partial", true],
      ["boltons-ec1ff9f-null", "no", true],
      ["boltons-25e8d6b-null", "no", false],
    ]);
    expect(report.summary.by_repo).toEqual({ "mahmoud/boltons": { resolved: 1, total: 4 } });

    const { summary, reports, instances } = sweBench(join(work, "swe"));
    expect(summary).toMatchObject({
      total_instances: 4,
      submitted_ids: ["boltons-25e8d6b", "boltons-c1c25da", "boltons-eb65901", "boltons-ec1ff9f"],
      completed_ids: ["boltons-25e8d6b", "boltons-c1c25da", "boltons-eb65901"],
      resolved_ids: ["boltons-c1c25da"],
      unresolved_ids: ["boltons-25e8d6b", "boltons-eb65901"],
      empty_patch_ids: ["boltons-ec1ff9f"],
      error_ids: [],
      schema_version: 2,
    });
    expect(reports["boltons-c1c25da"]).toMatchObject({ patch_successfully_applied: true, resolved: true });
    const partial = reports["boltons-eb65901"].tests_status;
    expect(partial.FAIL_TO_PASS.success.length).toBeGreaterThan(0);
    expect(partial.FAIL_TO_PASS.failure.length).toBeGreaterThan(0);
    expect(partial.PASS_TO_PASS.failure).toEqual([]);
    expect(reports["boltons-25e8d6b"]).toMatchObject({ patch_successfully_applied: true, resolved: false });
    // The tests' output beside each report, the carried-over ones' from the first run.
    expect(readFileSync(join(instances, "boltons-c1c25da/test_output.txt"), "utf8")).toMatch(/passed/);
  }, 600_000);
});
