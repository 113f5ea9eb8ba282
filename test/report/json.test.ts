import { describe, expect, it } from "vitest";
import { STATUSES } from "../../src/core/statuses.js";
import { buildReport, compactResults, countByStatus } from "../../src/report/json.js";
import { expectValidReport } from "../support/report-schema.js";
import { HOSTILE, MIXED, PASSING, SKIPPED } from "./fixtures.js";

describe("buildReport", () => {
  it("follows INTERFACE.md: version, summary by status, results, skipped", () => {
    const report = buildReport(MIXED, SKIPPED);
    expect(report.version).toBe(1);
    expect(report.summary.total).toBe(8);
    expect(Object.keys(report.summary.by_status)).toEqual([...STATUSES]);
    expect(Object.values(report.summary.by_status)).toEqual([1, 1, 0, 1, 1, 1, 1, 1, 1]);
    expect(report.skipped).toEqual(SKIPPED);
    const syntax = report.results.find((r) => r.status === "syntax_error")!;
    expect(Object.keys(syntax)).toEqual([
      "id",
      "source",
      "language",
      "status",
      "exit_code",
      "signal",
      "duration_ms",
      "stdout",
      "stderr",
      "truncated",
      "feedback",
      "syntax",
    ]);
    expect(syntax.syntax).toEqual({ message: "invalid syntax", file: "solution.py", line: 3, column: 5 });
  });

  it("keeps optional fields only when set, and survives a JSON round trip", () => {
    const report = buildReport([...PASSING, ...MIXED], []);
    expect(report.results[0]).toMatchObject({ url: PASSING[0]!.url, author: "coder[bot]" });
    expect("url" in report.results[1]!).toBe(false);
    expect(report.results.find((r) => r.id === "fix.patch")).toMatchObject({
      changed_files: expect.any(Array),
      patch_strategy: "git apply --3way",
    });
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it("writes what docs/report.schema.json describes, whatever the results", () => {
    for (const report of [
      buildReport([...PASSING, ...MIXED, HOSTILE], SKIPPED, { shard: { index: 2, count: 3 } }),
      buildReport([], []),
    ]) {
      expectValidReport(report);
    }
  });

  it("counts zero for every status of an empty run", () => {
    expect(countByStatus([])).toEqual(Object.fromEntries(STATUSES.map((s) => [s, 0])));
    expect(buildReport([], []).summary.total).toBe(0);
  });
});

describe("compactResults", () => {
  it("keeps id, status, exit_code and duration_ms only", () => {
    expect(compactResults(MIXED.slice(0, 3))).toEqual([
      { id: "reply-1", status: "pass", exit_code: 0, duration_ms: 830 },
      { id: "reply-2", status: "syntax_error", exit_code: 1, duration_ms: 420 },
      { id: "reply-3", status: "timeout", exit_code: null, duration_ms: 10_004 },
    ]);
  });
});
