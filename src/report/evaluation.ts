// Figures for evaluation runs: pass rate, counts per status, time per candidate, and what changed
// since a baseline report; rendered as markdown (job summary) and as plain text (CLI). Pure.
import { type Result, type Status } from "../core/model.js";
import { CODE_RAN, EVERY_FAILURE, STATUS_INFO } from "../core/statuses.js";
import { countByStatus } from "./json.js";
import { label } from "./markdown.js";
import { plainText } from "./table.js";
import { formatDuration } from "../core/units.js";
import {
  type ByRepo,
  type ResolvedCounts,
  type ResolvedRate,
  byRepoText,
  resolvedFigures,
  resolvedText,
} from "./resolved-rate.js";
import { type PassAtK, type TaskDrop, passAt1Drops, scorePassAtK } from "./pass-at-k.js";

/** What the evaluation reads of a result: the JSON report keeps these for every candidate. */
export type Scored = Pick<Result, "id" | "status" | "duration_ms" | "task" | "resolved" | "repo">;

/** A candidate whose status moved across the pass line since the baseline. */
export interface Change {
  id: string;
  was: Status;
  now: Status;
}

export interface BaselineDiff {
  passRate: number | null;
  /** Passed in the baseline, does not pass now. */
  newlyFailing: Change[];
  /** Did not pass in the baseline, passes now. */
  newlyPassing: Change[];
  /** Ids in this run but not in the baseline, and the reverse. */
  added: number;
  removed: number;
  /** Tasks in both runs whose pass@1 is lower now, when both runs have tasks. */
  passAt1Dropped?: TaskDrop[];
}

export interface Evaluation {
  total: number;
  byStatus: Record<Status, number>;
  /** The candidates judged: all but `sandbox_error`, whose code was never judged (our side failed). */
  judged: number;
  /** Passed ÷ judged, 0 for an empty run; null when our side failed for every candidate, so none was judged. */
  passRate: number | null;
  /** Over the candidates whose code ran (the catalogue's `codeRan`): the others took no run time. */
  time: { ran: number; medianMs: number; p95Ms: number; maxMs: number };
  /** pass@k over the dataset's tasks, when its lines carry `task`. */
  passAtK?: PassAtK;
  /** SWE-bench's verdicts, when the dataset's lines list their tests. */
  resolved?: ResolvedCounts;
  /** The resolved rate with its 95 % confidence interval (Wilson's score interval), when any line was judged by its lists. */
  resolvedRate?: ResolvedRate;
  /** Resolved and judged per repository, when the lines judged by their lists carry `repo`. */
  byRepo?: ByRepo;
  baseline?: BaselineDiff;
}

/** The nearest-rank quantile (q in [0, 1]) of `values`: always one of the values, 0 when there are none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

/** The durations of the candidates whose code ran: the others took no run time. */
function runTimes(results: readonly Scored[]): number[] {
  return results.filter((r) => CODE_RAN.has(r.status)).map((r) => r.duration_ms);
}

/** The candidates our side failed were never judged: counted against the code, they would say nothing of it. */
function judgedOf(results: readonly Scored[]): readonly Scored[] {
  return results.filter((r) => r.status !== "sandbox_error");
}

function passRate(results: readonly Scored[]): number | null {
  const judged = judgedOf(results);
  if (results.length === 0) return 0;
  return judged.length === 0 ? null : judged.filter((r) => r.status === "pass").length / judged.length;
}

export function evaluate(
  results: readonly Scored[],
  baseline?: readonly Scored[],
  ks: readonly number[] = [1],
): Evaluation {
  const times = runTimes(results);
  const evaluation: Evaluation = {
    total: results.length,
    judged: judgedOf(results).length,
    byStatus: countByStatus(results),
    passRate: passRate(results),
    time: {
      ran: times.length,
      medianMs: quantile(times, 0.5),
      p95Ms: quantile(times, 0.95),
      maxMs: quantile(times, 1),
    },
  };
  const scores = scorePassAtK(results, ks);
  if (scores) evaluation.passAtK = scores;
  const { resolved, rate, byRepo } = resolvedFigures(results);
  if (resolved) evaluation.resolved = resolved;
  if (rate) evaluation.resolvedRate = rate;
  if (byRepo) evaluation.byRepo = byRepo;
  if (baseline) {
    evaluation.baseline = compare(results, baseline);
    const before = scores && scorePassAtK(baseline, [1]);
    if (scores && before) evaluation.baseline.passAt1Dropped = passAt1Drops(scores, before);
  }
  return evaluation;
}

/** Changes across the pass line, in this run's order; ids are matched exactly. */
export function compare(results: readonly Scored[], baseline: readonly Scored[]): BaselineDiff {
  const before = new Map(baseline.map((r) => [r.id, r.status]));
  const now = new Set(results.map((r) => r.id));
  const diff: BaselineDiff = { passRate: passRate(baseline), newlyFailing: [], newlyPassing: [], added: 0, removed: 0 };
  for (const r of results) {
    const was = before.get(r.id);
    if (was === undefined) diff.added++;
    else if (was === "pass" && r.status !== "pass") diff.newlyFailing.push({ id: r.id, was, now: r.status });
    else if (was !== "pass" && r.status === "pass") diff.newlyPassing.push({ id: r.id, was, now: r.status });
  }
  diff.removed = [...before.keys()].filter((id) => !now.has(id)).length;
  return diff;
}

// ---------------------------------------------------------------------------------------------------
// Rendering.

const BAR_WIDTH = 30;
/** Changes listed by id; more are counted, not listed, so a bad night cannot flood the summary. */
export const CHANGES_SHOWN = 30;
/** Upper bounds (ms) of the time histogram's buckets; the last bucket is open. */
const TIME_BUCKETS = [250, 500, 1000, 2000, 5000, 10_000];

/** Pass first: it is the figure a reader looks for. */
const ORDER: readonly Status[] = ["pass", ...EVERY_FAILURE];

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** A bar of `value / max` of the full width in eighths of a block, so small counts still show. */
export function bar(value: number, max: number, width = BAR_WIDTH): string {
  if (max <= 0 || value <= 0) return "";
  const eighths = Math.max(1, Math.round((value / max) * width * 8));
  return "█".repeat(Math.floor(eighths / 8)) + (eighths % 8 ? "▏▎▍▌▋▊▉"[(eighths % 8) - 1]! : "");
}

/** A pass rate, or why there is none. */
const rateText = (rate: number | null) => (rate === null ? "none (nothing judged)" : percent(rate));

function pointChange(now: number | null, was: number | null): string {
  if (now === null || was === null) return "no change to measure";
  const points = (now - was) * 100;
  return `${points >= 0 ? "+" : "−"}${Math.abs(points).toFixed(1)} points`;
}

function headline(e: Evaluation): string {
  const passed = e.byStatus.pass;
  const time =
    e.time.ran > 0
      ? `; time per candidate: median ${formatDuration(e.time.medianMs)}, p95 ${formatDuration(e.time.p95Ms)}`
      : "";
  const ours = e.total - e.judged;
  if (e.passRate === null && ours > 0)
    return `pass rate: none, no candidate was judged (our side failed for all ${e.total}: sandbox_error)`;
  const of =
    ours > 0 ? `${passed} of ${e.judged} judged; ${ours} not judged, our side failed` : `${passed} of ${e.total}`;
  return `pass rate ${percent(e.passRate ?? 0)} (${of})${time}`;
}

/** `pass@1 42.0%, pass@5 61.3% over 164 tasks (5 to 10 samples each)`. */
function passAtKLine(p: PassAtK): string {
  const scores = p.k.map((k) => `pass@${k} ${percent(p.overall[`pass@${k}`]!)}`);
  const ns = p.tasks.map((t) => t.n);
  const low = Math.min(...ns);
  const high = Math.max(...ns);
  const samples = low === high ? `${low} sample${low === 1 ? "" : "s"} each` : `${low} to ${high} samples each`;
  return `${scores.join(", ") || "no k of pass-at-k has enough samples in every task"} over ${p.tasks.length} tasks (${samples})`;
}

function baselineLine(b: BaselineDiff, e: Evaluation): string {
  const parts = [`${b.newlyFailing.length} newly failing`, `${b.newlyPassing.length} newly passing`];
  if (b.added) parts.push(`${b.added} not in the baseline`);
  if (b.removed) parts.push(`${b.removed} of the baseline missing`);
  if (b.passAt1Dropped)
    parts.push(`${b.passAt1Dropped.length} task${b.passAt1Dropped.length === 1 ? "" : "s"} with a lower pass@1`);
  return `against the baseline: pass rate ${rateText(b.passRate)} → ${rateText(e.passRate)} (${pointChange(e.passRate, b.passRate)}); ${parts.join(", ")}`;
}

/** Rows of the time histogram: label and count, empty buckets kept so the shape reads true. */
export function timeHistogram(results: readonly Scored[]): Array<{ label: string; count: number }> {
  const times = runTimes(results);
  const seconds = (ms: number) => `${ms / 1000} s`;
  const bounds = [0, ...TIME_BUCKETS];
  const rows = bounds.map((low, i) => {
    const high = TIME_BUCKETS[i];
    const label = high === undefined ? `≥ ${seconds(low)}` : `< ${seconds(high)}`;
    return { label, count: times.filter((t) => t >= low && (high === undefined || t < high)).length };
  });
  // Trailing empty buckets say nothing.
  while (rows.length > 1 && rows.at(-1)!.count === 0) rows.pop();
  return times.length === 0 ? [] : rows;
}

function changeList(title: string, changes: readonly Change[]): string | undefined {
  if (changes.length === 0) return undefined;
  const items = changes
    .slice(0, CHANGES_SHOWN)
    .map((c) => `- ${label(c.id)}: ${STATUS_INFO[c.was].label} → **${STATUS_INFO[c.now].label}**`);
  if (changes.length > CHANGES_SHOWN) items.push(`- … and ${changes.length - CHANGES_SHOWN} more`);
  return [`**${title}** (${changes.length})`, "", ...items].join("\n");
}

function dropList(drops: readonly TaskDrop[] | undefined): string | undefined {
  if (!drops || drops.length === 0) return undefined;
  const items = drops
    .slice(0, CHANGES_SHOWN)
    .map((d) => `- ${label(d.task)}: pass@1 ${percent(d.was)} → **${percent(d.now)}**`);
  if (drops.length > CHANGES_SHOWN) items.push(`- … and ${drops.length - CHANGES_SHOWN} more`);
  return [`**Tasks whose pass@1 dropped** (${drops.length})`, "", ...items].join("\n");
}

/** The evaluation section of the job summary: headline, counts with bars, time histogram, changes. */
export function renderEvaluationMarkdown(e: Evaluation, results: readonly Scored[]): string {
  const shown = ORDER.filter((s) => e.byStatus[s] > 0);
  const max = Math.max(0, ...shown.map((s) => e.byStatus[s]));
  const table = [
    "| Status | Count | Share | |",
    "| --- | --: | --: | --- |",
    ...shown.map(
      (s) =>
        `| ${STATUS_INFO[s].label} | ${e.byStatus[s]} | ${percent(e.byStatus[s] / e.total)} | ${bar(e.byStatus[s], max)} |`,
    ),
  ].join("\n");
  const histogram = timeHistogram(results);
  const most = Math.max(0, ...histogram.map((row) => row.count));
  const width = Math.max(0, ...histogram.map((row) => row.label.length));
  const chart = histogram.length
    ? [
        "Time per candidate, from the start of the test command (code that ran):",
        "",
        "```text",
        ...histogram.map((row) => `${row.label.padStart(width)} │${bar(row.count, most)} ${row.count}`.trimEnd()),
        "```",
      ].join("\n")
    : undefined;
  const blocks = [
    "### Evaluation",
    `**${headline(e)}**`,
    // Our own figures, no candidate's text: nothing to escape.
    e.resolved && `**${resolvedText(e.resolved)}**`,
    e.byRepo && byRepoText(e.byRepo, label),
    e.passAtK && `**${passAtKLine(e.passAtK)}**`,
    e.baseline && baselineLine(e.baseline, e),
    e.total > 0 ? table : undefined,
    chart,
    e.baseline && changeList("Newly failing", e.baseline.newlyFailing),
    e.baseline && changeList("Newly passing", e.baseline.newlyPassing),
    dropList(e.baseline?.passAt1Dropped),
  ];
  return `${blocks.filter((b): b is string => typeof b === "string" && b !== "").join("\n\n")}\n`;
}

/** The same figures as plain lines for a terminal; ids with control characters made harmless. */
export function renderEvaluationText(e: Evaluation): string {
  const counts = ORDER.filter((s) => e.byStatus[s] > 0).map((s) => `${e.byStatus[s]} ${s}`);
  const lines = [`${headline(e)}`, `by status: ${counts.join(", ") || "none"}`];
  if (e.resolved) lines.push(resolvedText(e.resolved));
  if (e.byRepo) lines.push(byRepoText(e.byRepo, plainText));
  if (e.passAtK) lines.push(passAtKLine(e.passAtK));
  if (e.baseline) {
    lines.push(baselineLine(e.baseline, e));
    const list = (title: string, changes: readonly Change[]) => {
      for (const c of changes.slice(0, CHANGES_SHOWN))
        lines.push(`  ${title}: ${plainText(c.id)} (${c.was} → ${c.now})`);
      if (changes.length > CHANGES_SHOWN) lines.push(`  … and ${changes.length - CHANGES_SHOWN} more ${title}`);
    };
    list("newly failing", e.baseline.newlyFailing);
    list("newly passing", e.baseline.newlyPassing);
    const drops = e.baseline.passAt1Dropped ?? [];
    for (const d of drops.slice(0, CHANGES_SHOWN))
      lines.push(`  pass@1 dropped: ${plainText(d.task)} (${percent(d.was)} → ${percent(d.now)})`);
    if (drops.length > CHANGES_SHOWN) lines.push(`  … and ${drops.length - CHANGES_SHOWN} more pass@1 dropped`);
  }
  return lines.join("\n");
}
