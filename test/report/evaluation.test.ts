import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CHANGES_SHOWN,
  bar,
  compare,
  evaluate,
  quantile,
  renderEvaluationMarkdown,
  renderEvaluationText,
  timeHistogram,
  type Scored,
} from "../../src/report/evaluation.js";

// UPDATE_GOLDEN=1 rewrites the file; read it before committing it.
function expectGolden(name: string, actual: string): void {
  const file = new URL(`./golden/${name}`, import.meta.url);
  if (process.env.UPDATE_GOLDEN === "1") writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, "utf8"));
}

const scored = (id: string, status: Scored["status"], duration_ms = 500): Scored => ({ id, status, duration_ms });

describe("quantile", () => {
  it("is the nearest rank: always one of the values", () => {
    const values = [5, 1, 4, 2, 3];
    expect(quantile(values, 0.5)).toBe(3);
    expect(quantile(values, 0.95)).toBe(5);
    expect(quantile(values, 0)).toBe(1);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(
      quantile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.95,
      ),
    ).toBe(95);
  });

  it("is 0 for no values and leaves its input alone", () => {
    expect(quantile([], 0.5)).toBe(0);
    const values = [3, 1, 2];
    quantile(values, 0.5);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("evaluate", () => {
  it("counts, rates and times only the candidates whose code ran", () => {
    const e = evaluate([
      scored("a", "pass", 100),
      scored("b", "test_failed", 300),
      scored("c", "no_code", 0),
      scored("d", "syntax_error", 0),
      scored("e", "timeout", 10_000),
    ]);
    expect(e).toMatchObject({ total: 5, passRate: 0.2, time: { ran: 3, medianMs: 300, p95Ms: 10_000, maxMs: 10_000 } });
    expect(e.byStatus).toMatchObject({ pass: 1, test_failed: 1, no_code: 1, syntax_error: 1, timeout: 1, oom: 0 });
    expect(e.baseline).toBeUndefined();
  });

  it("rates only the candidates judged: those our side failed (sandbox_error) were never judged", () => {
    const some = evaluate([scored("a", "pass"), scored("b", "no_code", 0), scored("c", "sandbox_error", 0)]);
    expect(some).toMatchObject({ total: 3, judged: 2, passRate: 0.5 });
    expect(renderEvaluationText(some)).toMatch(/^pass rate 50\.0% \(1 of 2 judged; 1 not judged, our side failed\)/);
    const none = evaluate([scored("a", "sandbox_error", 0), scored("b", "sandbox_error", 0)]);
    expect(none).toMatchObject({ total: 2, judged: 0, passRate: null });
    expect(renderEvaluationText(none)).toMatch(/^pass rate: none, no candidate was judged \(our side failed for all 2/);
    expect(renderEvaluationText(none)).not.toContain("0.0%");
    const baseline = evaluate([scored("a", "pass")], [scored("a", "sandbox_error", 0)]);
    expect(renderEvaluationText(baseline)).toContain("pass rate none (nothing judged) → 100.0% (no change to measure)");
  });

  it("is all zeros for an empty run", () => {
    expect(evaluate([])).toMatchObject({ total: 0, passRate: 0, time: { ran: 0, medianMs: 0, p95Ms: 0 } });
  });
});

describe("compare", () => {
  it("lists moves across the pass line and counts ids on one side only", () => {
    const baseline = [
      scored("a", "pass"),
      scored("b", "test_failed"),
      scored("c", "pass"),
      scored("gone", "pass"),
      scored("d", "timeout"),
    ];
    const now = [
      scored("a", "test_failed"),
      scored("b", "pass"),
      scored("c", "pass"),
      scored("new", "pass"),
      scored("d", "oom"),
    ];
    expect(compare(now, baseline)).toEqual({
      passRate: 0.6,
      newlyFailing: [{ id: "a", was: "pass", now: "test_failed" }],
      newlyPassing: [{ id: "b", was: "test_failed", now: "pass" }],
      added: 1,
      removed: 1,
    });
  });
});

describe("bar", () => {
  it("scales to the width in eighths, never hides a non-zero count", () => {
    expect(bar(10, 10, 4)).toBe("████");
    expect(bar(5, 10, 4)).toBe("██");
    expect(bar(1, 16, 2)).toBe("▏");
    expect(bar(1, 1000, 4)).toBe("▏");
    expect(bar(0, 10, 4)).toBe("");
  });
});

describe("timeHistogram", () => {
  it("buckets run times, keeps empty buckets inside, drops trailing ones", () => {
    const rows = timeHistogram([
      scored("a", "pass", 100),
      scored("b", "pass", 1200),
      scored("c", "no_code", 0),
      scored("d", "oom", 1500),
    ]);
    expect(rows).toEqual([
      { label: "< 0.25 s", count: 1 },
      { label: "< 0.5 s", count: 0 },
      { label: "< 1 s", count: 0 },
      { label: "< 2 s", count: 2 },
    ]);
    expect(timeHistogram([scored("x", "no_code", 0)])).toEqual([]);
    expect(timeHistogram([scored("t", "timeout", 12_000)]).at(-1)).toEqual({ label: "≥ 10 s", count: 1 });
  });
});

// A nightly run of 40 against a baseline: several statuses, a spread of times, hostile ids.
const NIGHTLY: Scored[] = Array.from({ length: 40 }, (_, i) => {
  const status = i < 29 ? "pass" : i < 36 ? "test_failed" : i < 38 ? "timeout" : i === 38 ? "oom" : "syntax_error";
  const duration = status === "timeout" ? 10_003 : status === "syntax_error" ? 0 : 120 + ((i * 137) % 1900);
  return scored(i === 30 ? "he/30 <b>@team</b> | `x`" : `he/${i}`, status, duration);
});
const BASELINE: Scored[] = NIGHTLY.map((r, i) => ({
  ...r,
  status: i === 2 || i === 5 ? "test_failed" : i >= 30 && i < 33 ? "pass" : r.status,
}));

describe("renderEvaluationMarkdown golden file", () => {
  it("headline, status bars, time histogram, changes against the baseline", () => {
    const body = renderEvaluationMarkdown(evaluate(NIGHTLY, BASELINE), NIGHTLY);
    expect(body).not.toContain("<b>");
    expect(body).not.toMatch(/@team/);
    expectGolden("evaluation.md", body);
  });
});

describe("renderEvaluationText", () => {
  it("gives the same figures as lines", () => {
    expect(renderEvaluationText(evaluate(NIGHTLY, BASELINE)).split("\n")).toEqual([
      "pass rate 72.5% (29 of 40); time per candidate: median 960 ms, p95 10.00 s",
      "by status: 29 pass, 1 syntax_error, 2 timeout, 1 oom, 7 test_failed",
      "against the baseline: pass rate 75.0% → 72.5% (−2.5 points); 3 newly failing, 2 newly passing",
      "  newly failing: he/30 <b>@team</b> | `x` (pass → test_failed)",
      "  newly failing: he/31 (pass → test_failed)",
      "  newly failing: he/32 (pass → test_failed)",
      "  newly passing: he/2 (test_failed → pass)",
      "  newly passing: he/5 (test_failed → pass)",
    ]);
  });

  it("counts what it does not list", () => {
    const now = Array.from({ length: CHANGES_SHOWN + 5 }, (_, i) => scored(`x${i}`, "test_failed"));
    const text = renderEvaluationText(
      evaluate(
        now,
        now.map((r) => ({ ...r, status: "pass" })),
      ),
    );
    expect(text).toContain("… and 5 more newly failing");
    expect(text.split("\n").filter((l) => l.startsWith("  newly failing:"))).toHaveLength(CHANGES_SHOWN);
  });
});

describe("pass@k in the evaluation", () => {
  // Two tasks of 5 samples: A passes 2 (pass@1 0.4, pass@5 1), B passes 0; the baseline passed A 4 times.
  const run = (passesA: number): Scored[] =>
    ["A", "B"].flatMap((task) =>
      Array.from({ length: 5 }, (_, i) => ({
        ...scored(`${task}-${i}`, task === "A" && i < passesA ? "pass" : "test_failed"),
        task,
      })),
    );

  it("gives pass@k over the tasks, names the tasks whose pass@1 dropped, in text and markdown", () => {
    const e = evaluate(run(2), run(4), [1, 5, 10]);
    expect(e.passAtK?.k).toEqual([1, 5]);
    expect(e.passAtK?.overall).toEqual({ "pass@1": expect.closeTo(0.2, 12), "pass@5": 0.5 });
    expect(e.baseline?.passAt1Dropped).toEqual([{ task: "A", was: 0.8, now: 0.4 }]);
    const text = renderEvaluationText(e).split("\n");
    expect(text[2]).toBe("pass@1 20.0%, pass@5 50.0% over 2 tasks (5 samples each)");
    expect(text).toContain("  pass@1 dropped: A (80.0% → 40.0%)");
    const markdown = renderEvaluationMarkdown(e, run(2));
    expect(markdown).toContain("**pass@1 20.0%, pass@5 50.0% over 2 tasks (5 samples each)**");
    expect(markdown).toContain("**Tasks whose pass@1 dropped** (1)\n\n- A: pass@1 80.0% → **40.0%**");
  });

  it("says nothing of pass@k when no line names a task", () => {
    expect(evaluate(NIGHTLY, BASELINE, [1]).passAtK).toBeUndefined();
    expect(evaluate(NIGHTLY, BASELINE, [1]).baseline?.passAt1Dropped).toBeUndefined();
  });
});
