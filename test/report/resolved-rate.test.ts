import { describe, expect, it } from "vitest";
import { evaluate, renderEvaluationMarkdown, renderEvaluationText } from "../../src/report/evaluation.js";
import { buildReport } from "../../src/report/json.js";
import { renderComment } from "../../src/report/markdown.js";
import { countResolved, resolvedText } from "../../src/report/resolved-rate.js";
import { renderTable } from "../../src/report/table.js";
import { REPORT_SCHEMA } from "../../src/core/schemas/report.js";
import { checker } from "../../src/core/schemas/validate.js";
import { result } from "./fixtures.js";

const TASKS = [
  result({ id: "gold", status: "pass", resolved: "full", exit_code: 1 }),
  result({ id: "half", status: "test_failed", resolved: "partial", exit_code: 1 }),
  result({ id: "null", status: "test_failed", resolved: "no", exit_code: 1 }),
  result({ id: "broke", status: "patch_failed", resolved: "no" }),
  // Our failure judged nothing: in no count, in no rate.
  result({ id: "ours", status: "sandbox_error" }),
];

describe("the resolved rate", () => {
  it("counts the lines judged by their lists, and says nothing for a run without them", () => {
    expect(countResolved(TASKS)).toEqual({ full: 1, partial: 1, no: 2 });
    expect(countResolved([result({ id: "a", status: "pass" })])).toBeUndefined();
    expect(resolvedText({ full: 1, partial: 1, no: 2 })).toBe("resolved 1 of 4 (25.0%), 1 partial");
    expect(resolvedText({ full: 0, partial: 0, no: 0 })).toBe("resolved 0 of 0 (none judged)");
  });

  it("is in the report's summary, valid against the shipped schema; absent from a run without lists", () => {
    const report = buildReport(TASKS, []);
    expect(report.summary.resolved).toEqual({ full: 1, partial: 1, no: 2 });
    expect(checker(REPORT_SCHEMA, "the report")(report)).toEqual({ ok: true, value: report });
    expect("resolved" in buildReport([result({ id: "a", status: "pass" })], []).summary).toBe(false);
  });

  it("is in the job summary, the CLI's lines and its table (a column per row), and the comment", () => {
    const e = evaluate(TASKS);
    expect(renderEvaluationMarkdown(e, TASKS)).toContain("**resolved 1 of 4 (25.0%), 1 partial**");
    expect(renderEvaluationText(e).split("\n")).toContain("resolved 1 of 4 (25.0%), 1 partial");
    const table = renderTable({ results: TASKS, skipped: [], decision: { failed: true, reason: "" } }).split("\n");
    expect(table[0]).toMatch(/^id +status +exit +signal +time +resolved$/);
    expect(table[1]).toMatch(/^gold +pass +1 +- +[\d.]+s +full$/);
    expect(table[5]).toMatch(/^ours +sandbox_error .* -$/);
    expect(table.at(-1)).toBe("resolved 1 of 4 (25.0%), 1 partial");
    const comment = renderComment({ results: TASKS, skipped: [], gate: { failed: true, reason: "r" }, marker: "m" });
    expect(comment).toContain("resolved 1 of 4 (25.0%), 1 partial");
  });

  it("leaves the table of a run without lists as it was", () => {
    const table = renderTable({
      results: [result({ id: "a", status: "pass" })],
      skipped: [],
      decision: { failed: false, reason: "" },
    });
    expect(table.split("\n")[0]).toMatch(/^id +status +exit +signal +time$/);
  });
});
