import { describe, expect, it } from "vitest";
import { evaluate, renderEvaluationMarkdown, renderEvaluationText } from "../../src/report/evaluation.js";
import { buildReport } from "../../src/report/json.js";
import { renderComment } from "../../src/report/markdown.js";
import {
  REPOS_SHOWN,
  countResolved,
  resolvedByRepo,
  resolvedFigures,
  resolvedRate,
  resolvedText,
  wilsonInterval,
} from "../../src/report/resolved-rate.js";
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
    expect(resolvedText({ full: 1, partial: 1, no: 2 })).toBe("resolved 1 of 4 (25.0%, 95% CI 4.6–69.9%), 1 partial");
    expect(resolvedText({ full: 0, partial: 0, no: 0 })).toBe("resolved 0 of 0 (none judged)");
  });

  it("is in the report's summary, valid against the shipped schema; absent from a run without lists", () => {
    const report = buildReport(TASKS, []);
    expect(report.summary.resolved).toEqual({ full: 1, partial: 1, no: 2 });
    expect(report.summary.resolved_rate).toEqual({ ...resolvedRate({ full: 1, partial: 1, no: 2 }), level: 0.95 });
    expect(report.summary.resolved_rate).toMatchObject({ value: 0.25, method: "wilson" });
    expect(checker(REPORT_SCHEMA, "the report")(report)).toEqual({ ok: true, value: report });
    const plain = buildReport([result({ id: "a", status: "pass" })], []).summary;
    expect(["resolved", "resolved_rate", "by_repo"].filter((key) => key in plain)).toEqual([]);
  });

  it("is in the job summary, the CLI's lines and its table (a column per row), and the comment", () => {
    const e = evaluate(TASKS);
    expect(renderEvaluationMarkdown(e, TASKS)).toContain("**resolved 1 of 4 (25.0%, 95% CI 4.6–69.9%), 1 partial**");
    expect(renderEvaluationText(e).split("\n")).toContain("resolved 1 of 4 (25.0%, 95% CI 4.6–69.9%), 1 partial");
    const table = renderTable({ results: TASKS, skipped: [], decision: { failed: true, reason: "" } }).split("\n");
    expect(table[0]).toMatch(/^id +status +exit +signal +time +resolved$/);
    expect(table[1]).toMatch(/^gold +pass +1 +- +[\d.]+s +full$/);
    expect(table[5]).toMatch(/^ours +sandbox_error .* -$/);
    expect(table.at(-1)).toBe("resolved 1 of 4 (25.0%, 95% CI 4.6–69.9%), 1 partial");
    const comment = renderComment({ results: TASKS, skipped: [], gate: { failed: true, reason: "r" }, marker: "m" });
    expect(comment).toContain("resolved 1 of 4 (25.0%, 95% CI 4.6–69.9%), 1 partial");
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

describe("the resolved rate's 95 % confidence interval (Wilson's score interval)", () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3 (score).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])("%i of %i: %f to %f, as Newcombe's table has it", (x, n, low, high) => {
    const interval = wilsonInterval(x, n)!;
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it("stays inside [0, 1], is exactly 0 at none and 1 at all, and has no interval for nothing judged", () => {
    expect(wilsonInterval(0, 10)).toEqual({ low: 0, high: expect.closeTo(0.2775, 4) });
    expect(wilsonInterval(10, 10)).toEqual({ low: expect.closeTo(0.7225, 4), high: 1 });
    expect(wilsonInterval(0, 0)).toBeUndefined();
    expect(resolvedRate({ full: 0, partial: 0, no: 0 })).toBeUndefined();
  });

  it("counts partial and no as not resolved, and our failures in neither", () => {
    expect(resolvedRate(countResolved(TASKS)!)).toEqual({
      value: 0.25,
      low: expect.closeTo(0.0456, 4),
      high: expect.closeTo(0.6994, 4),
      level: 0.95,
      method: "wilson",
    });
  });
});

describe("the resolved counts per repository", () => {
  const LINES = [
    result({ id: "d1", status: "pass", resolved: "full", repo: "django/django" }),
    result({ id: "d2", status: "test_failed", resolved: "partial", repo: "django/django" }),
    result({ id: "a1", status: "pass", resolved: "full", repo: "astropy/astropy" }),
    // Our failure counts in no repository's total, as in no rate.
    result({ id: "a2", status: "sandbox_error", repo: "astropy/astropy" }),
    result({ id: "x", status: "test_failed", resolved: "no" }),
  ];

  it("gives resolved of judged per repo, in name order; nothing when no line carries a repo", () => {
    expect(resolvedByRepo(LINES)).toEqual({
      "astropy/astropy": { resolved: 1, total: 1 },
      "django/django": { resolved: 1, total: 2 },
    });
    expect(Object.keys(resolvedByRepo(LINES)!)).toEqual(["astropy/astropy", "django/django"]);
    expect(resolvedByRepo(TASKS)).toBeUndefined();
  });

  it("are figured once for the JSON report and the evaluation alike", () => {
    const figures = resolvedFigures(LINES);
    expect(figures).toEqual({
      resolved: { full: 2, partial: 1, no: 1 },
      rate: resolvedRate({ full: 2, partial: 1, no: 1 }),
      byRepo: resolvedByRepo(LINES),
    });
    expect(resolvedFigures(TASKS)).toEqual({
      resolved: countResolved(TASKS),
      rate: resolvedRate(countResolved(TASKS)!),
    });
    expect(resolvedFigures([result({ id: "a", status: "pass", repo: "o/r" })])).toEqual({});
    const { summary } = buildReport(LINES, []);
    const e = evaluate(LINES);
    expect([summary.resolved, summary.resolved_rate, summary.by_repo]).toEqual([
      figures.resolved,
      figures.rate,
      figures.byRepo,
    ]);
    expect([e.resolved, e.resolvedRate, e.byRepo]).toEqual([figures.resolved, figures.rate, figures.byRepo]);
  });

  it("is in the report's summary and in the evaluation's lines, a repository's name made harmless", () => {
    expect(buildReport(LINES, []).summary.by_repo).toEqual(resolvedByRepo(LINES));
    const text = renderEvaluationText(evaluate(LINES)).split("\n");
    expect(text).toContain("resolved by repository: astropy/astropy 1 of 1, django/django 1 of 2");
    const hostile = [result({ id: "h", status: "pass", resolved: "full", repo: "a/b\u001b[31m" })];
    expect(renderEvaluationText(evaluate(hostile))).not.toContain("\u001b");
    const markdown = renderEvaluationMarkdown(
      evaluate([result({ id: "m", status: "pass", resolved: "full", repo: "<img src=x>" })]),
      [],
    );
    expect(markdown).not.toContain("<img");
  });

  it("names at most REPOS_SHOWN repositories and counts the rest", () => {
    const many = Array.from({ length: REPOS_SHOWN + 2 }, (_, i) =>
      result({ id: `r${i}`, status: "pass", resolved: "full", repo: `o/r${String(i).padStart(2, "0")}` }),
    );
    expect(renderEvaluationText(evaluate(many))).toContain(", and 2 more");
  });
});
