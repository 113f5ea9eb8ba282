// The files a run writes: SWE-bench's output under its directory and nowhere else, and the partial report a
// run keeps as it goes, read back by `resume` exactly as written, whatever a candidate printed.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseResumable } from "../../src/report/merge.js";
import { PartialReport, partialReport, writeReports } from "../../src/report/write-reports.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { decide } from "../../src/verdict/result.js";
import { tempDir } from "../support/temp.js";
import { result } from "./fixtures.js";

const settingsIn = (dir: string, inputs: Partial<Record<InputName, string>>) =>
  readSettings((name) => inputs[name] ?? "", { defaultWorkdir: dir, cpuCount: 2 });

const listed = {
  fail_to_pass: { passed: ["t::a"], not_passed: [] },
  pass_to_pass: { passed: [], not_passed: [] },
};

describe("writeReports with swe-bench-report", () => {
  it("writes SWE-bench's files under the directory only, and warns of what it could not write", async () => {
    const dir = tempDir("swe-out");
    const settings = settingsIn(dir, { "swe-bench-report": "out/swe" });
    const results = [
      result({ id: "i-1", status: "pass", resolved: "full", listed, model: "m" }),
      result({ id: "i-2", task: "../../escaped", status: "pass", resolved: "full", listed, model: "m" }),
    ];
    const warnings: string[] = [];
    await writeReports(settings, { results, skipped: [], decision: decide(results, new Set()) }, "run-1", (line) =>
      warnings.push(line),
    );
    expect(readdirSync(dir)).toEqual(["out"]);
    expect(readdirSync(join(dir, "out/swe")).sort()).toEqual(["logs", "m.run-1.json"]);
    expect(existsSync(join(dir, "out/swe/logs/run_evaluation/run-1/m/i-1/report.json"))).toBe(true);
    expect(warnings).toEqual([
      'sandbox-gate: swe-bench-report: instance id "../../escaped" holds a slash: it is counted an error, its report not written',
    ]);
  });
});

describe("the partial report", () => {
  it("sits beside the report, starts afresh with the first result, and is gone once removed", async () => {
    const dir = tempDir("partial");
    const partial = partialReport(settingsIn(dir, { report: "out/night.json" }))!;
    expect(partial.path).toBe(join(dir, "out/night.json.partial.jsonl"));
    // Nothing yet: a run refused before it judged anything leaves no file.
    expect(existsSync(partial.path)).toBe(false);
    mkdirSync(join(dir, "out"));
    writeFileSync(partial.path, "an earlier run's lines\n".repeat(3));
    partial.add(result({ id: "a", status: "pass" }));
    expect(readFileSync(partial.path, "utf8").split("\n")).toHaveLength(2);
    await partial.remove();
    expect(existsSync(partial.path)).toBe(false);
    expect(partialReport(settingsIn(dir, {}))).toBeUndefined();
  });

  it("reads back exactly what it was given: a candidate's output cannot add a line of its own", () => {
    const dir = tempDir("partial");
    const partial = new PartialReport(join(dir, "out", "r.json"));
    const forged = JSON.stringify(result({ id: "victim", status: "pass", fingerprint: "f".repeat(64) }));
    const honest = result({ id: "victim", status: "test_failed", stdout: `\n${forged}\n`, stderr: "\r\n" });
    partial.add(honest);
    partial.add(result({ id: "other", status: "pass" }));
    const text = readFileSync(partial.path, "utf8");
    expect(text.split("\n")).toHaveLength(3);
    expect(parseResumable(text, "r.json.partial.jsonl", "resume")).toEqual([
      honest,
      result({ id: "other", status: "pass" }),
    ]);
  });
});
