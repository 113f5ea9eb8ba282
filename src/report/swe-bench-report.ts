// SWE-bench's own output for the lines that list their tests (`swe-bench-report`), so a leaderboard script
// written for SWE-bench's harness reads a run unchanged. Pure: the files and their text; write-reports.ts
// writes them.
//
// Shapes read (not copied) from SWE-bench's harness (github.com/SWE-bench/SWE-bench, swebench/harness):
// grading.py `get_eval_report` (each instance's `report.json`: patch_is_None, patch_exists,
// patch_successfully_applied, resolved, tests_status with FAIL_TO_PASS/PASS_TO_PASS/FAIL_TO_FAIL/PASS_TO_FAIL
// as success/failure lists; the *_TO_FAIL lists empty, as the harness leaves them by default), run_evaluation.py
// (logs/run_evaluation/<run_id>/<model, "/" as "__">/<instance_id>/ with report.json and test_output.txt),
// reporting.py `make_run_report` (the summary `<model>.<run_id>.json`, schema_version 2).
//
// Our statuses mapped as they are meant, not as the harness happens to file them:
// - `sandbox_error` is SWE-bench's error (our side failed): no report.json, as the harness leaves none.
// - an empty patch is empty_patch: no report.json (the harness does not run it).
// - `patch_failed` is patch_successfully_applied false, resolved false, no tests_status (the harness stops
//   before the tests). It is the model's failure, so it counts as completed and unresolved.
// - every other status applied the patch: resolved exactly when our status is `pass` and `resolved` is full
//   (a protected or tampered pass is not resolved), tests_status from the result's `listed`. A listed test that
//   was skipped or missing is a failure, as our `resolved` counts it (the harness's newer grading keeps a
//   skipped PASS_TO_PASS test as maintained; ours does not): the file and our verdict never disagree.
import type { Result } from "../core/model.js";
import { checkFileName } from "../core/paths.js";

/** Where the harness puts a run's instances, under the directory the summary is written in. */
export const RUN_EVALUATION_DIR = "logs/run_evaluation";
/** The model's name for lines that carry none (`model`): SWE-bench needs one for its directory and file name. */
export const UNNAMED_MODEL = "unnamed-model";

type Lists = { success: string[]; failure: string[] };

/** One instance's entry in its report.json, keyed there by its instance id. */
export interface InstanceReport {
  patch_is_None: boolean;
  patch_exists: boolean;
  patch_successfully_applied: boolean;
  resolved: boolean;
  tests_status?: { FAIL_TO_PASS: Lists; PASS_TO_PASS: Lists; FAIL_TO_FAIL: Lists; PASS_TO_FAIL: Lists };
}

/** How an instance ends in SWE-bench's words: a report, or one of the two kinds the harness writes none for. */
export type InstanceOutcome = { kind: "report"; report: InstanceReport } | { kind: "empty_patch" } | { kind: "error" };

/** The run's summary for one model, in make_run_report's field order. */
export interface RunSummary {
  total_instances: number;
  submitted_instances: number;
  completed_instances: number;
  resolved_instances: number;
  unresolved_instances: number;
  empty_patch_instances: number;
  error_instances: number;
  completed_ids: string[];
  incomplete_ids: string[];
  empty_patch_ids: string[];
  submitted_ids: string[];
  resolved_ids: string[];
  unresolved_ids: string[];
  error_ids: string[];
  schema_version: 2;
}

/** A file to write, relative to the `swe-bench-report` directory. */
export interface OutputFile {
  path: string;
  text: string;
}

/** Whether a result is a line with SWE-bench's fields: only those are in this output. */
export const isInstance = (r: Result): r is Result & { listed: NonNullable<Result["listed"]> } =>
  r.listed !== undefined;

/** The instance id: the line's `task` (an imported line's instance_id; its `id` is `instance_id#2` for a second prediction), else its `id`. */
export const instanceIdOf = (r: Pick<Result, "id" | "task">): string => r.task ?? r.id;

/** The model's directory and file-name part, as the harness makes it: every `/` as `__`. */
export const modelNameOf = (r: Pick<Result, "model">): string => (r.model ?? UNNAMED_MODEL).replaceAll("/", "__");

const EMPTY: Lists = { success: [], failure: [] };

/** Our result → how SWE-bench's harness would file the instance. */
export function instanceOutcome(r: Result & { listed: NonNullable<Result["listed"]> }): InstanceOutcome {
  if (r.empty_patch) return { kind: "empty_patch" };
  if (r.status === "sandbox_error") return { kind: "error" };
  const base = { patch_is_None: false, patch_exists: true };
  if (r.status === "patch_failed")
    return { kind: "report", report: { ...base, patch_successfully_applied: false, resolved: false } };
  const lists = (l: { passed: string[]; not_passed: string[] }): Lists => ({
    success: [...l.passed],
    failure: [...l.not_passed],
  });
  return {
    kind: "report",
    report: {
      ...base,
      patch_successfully_applied: true,
      resolved: r.status === "pass" && r.resolved === "full",
      tests_status: {
        FAIL_TO_PASS: lists(r.listed.fail_to_pass),
        PASS_TO_PASS: lists(r.listed.pass_to_pass),
        FAIL_TO_FAIL: { ...EMPTY },
        PASS_TO_FAIL: { ...EMPTY },
      },
    },
  };
}

/** The summary of one model's instances, as make_run_report counts them: our lines are the whole dataset. */
export function runSummary(outcomes: ReadonlyArray<{ id: string; outcome: InstanceOutcome }>): RunSummary {
  const ids = (keep: (o: InstanceOutcome) => boolean) =>
    outcomes
      .filter(({ outcome }) => keep(outcome))
      .map(({ id }) => id)
      .sort();
  const completed = ids((o) => o.kind === "report");
  const resolved = ids((o) => o.kind === "report" && o.report.resolved);
  const unresolved = ids((o) => o.kind === "report" && !o.report.resolved);
  const empty = ids((o) => o.kind === "empty_patch");
  const errors = ids((o) => o.kind === "error");
  const submitted = ids(() => true);
  return {
    total_instances: submitted.length,
    submitted_instances: submitted.length,
    completed_instances: completed.length,
    resolved_instances: resolved.length,
    unresolved_instances: unresolved.length,
    empty_patch_instances: empty.length,
    error_instances: errors.length,
    completed_ids: completed,
    incomplete_ids: [],
    empty_patch_ids: empty,
    submitted_ids: submitted,
    resolved_ids: resolved,
    unresolved_ids: unresolved,
    error_ids: errors,
    schema_version: 2,
  };
}

/** The test command's output as the harness keeps it in test_output.txt: one file, stdout then stderr. */
function testOutput(r: Result): string {
  if (!r.stderr) return r.stdout;
  return r.stdout === "" || r.stdout.endsWith("\n") ? `${r.stdout}${r.stderr}` : `${r.stdout}\n${r.stderr}`;
}

// The harness writes its JSON with four spaces; the summary with a newline after it.
const json = (value: unknown) => `${JSON.stringify(value, null, 4)}\n`;

/**
 * The files of SWE-bench's output for `results` under run id `runId`, and what could not be written: an
 * instance id or model name that is no file name of its own (it would climb out of the directory, or
 * be `.`), or a second line of one model for one instance (a file holds one). Those are named in
 * `problems`; an unwritable instance counts as an error in its summary, as the harness counts an instance
 * it has no report of.
 */
export function sweBenchOutput(results: readonly Result[], runId: string): { files: OutputFile[]; problems: string[] } {
  const run = checkFileName(runId);
  if (!run.ok) throw new Error(`run id ${JSON.stringify(runId)} ${run.why}`);
  const files: OutputFile[] = [];
  const problems: string[] = [];
  const models = new Map<string, Array<Result & { listed: NonNullable<Result["listed"]> }>>();
  for (const r of results.filter(isInstance)) {
    const model = modelNameOf(r);
    const lines = models.get(model) ?? [];
    lines.push(r);
    models.set(model, lines);
  }
  for (const [model, lines] of models) {
    const modelName = checkFileName(model);
    if (!modelName.ok) {
      problems.push(`model ${JSON.stringify(model)} ${modelName.why}: its ${lines.length} instance(s) are not written`);
      continue;
    }
    const seen = new Set<string>();
    const outcomes: Array<{ id: string; outcome: InstanceOutcome }> = [];
    for (const r of lines) {
      const id = instanceIdOf(r);
      if (seen.has(id)) {
        problems.push(
          `model ${model} has a second line for instance ${JSON.stringify(id)} (${r.id}): only the first is written`,
        );
        continue;
      }
      seen.add(id);
      const name = checkFileName(id);
      if (!name.ok) {
        problems.push(`instance id ${JSON.stringify(id)} ${name.why}: it is counted an error, its report not written`);
        outcomes.push({ id, outcome: { kind: "error" } });
        continue;
      }
      const outcome = instanceOutcome(r);
      outcomes.push({ id, outcome });
      const dir = `${RUN_EVALUATION_DIR}/${runId}/${model}/${id}`;
      if (outcome.kind === "report") files.push({ path: `${dir}/report.json`, text: json({ [id]: outcome.report }) });
      // The run's own words where the harness keeps them: the tests' output, or why our side failed.
      if (outcome.kind === "report" && testOutput(r) !== "")
        files.push({ path: `${dir}/test_output.txt`, text: testOutput(r) });
      if (outcome.kind === "error") files.push({ path: `${dir}/run_instance.log`, text: `${r.feedback}\n` });
    }
    files.push({ path: `${model}.${runId}.json`, text: json(runSummary(outcomes)) });
  }
  return { files, problems };
}
