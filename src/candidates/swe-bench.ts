// SWE-bench-format files → dataset lines (INTERFACE.md, `sandbox-gate import swe-bench`): instances (a JSON
// array or JSONL of `instance_id`, `base_commit`, `patch`, `test_patch`, `FAIL_TO_PASS`, `PASS_TO_PASS`) and,
// optionally, predictions (`instance_id`, `model_patch`, as JSONL, a JSON array or an object keyed by
// `instance_id`). Pure: the CLI reads the files (cli/import.ts) and hands each record here with where it
// stands in its file, so every problem names `file:line`, `file[index]` or the instance.
//
// The rules, one place each:
// - Without predictions, each instance is one line with its gold `patch` (its `model` is "gold", as the
//   harness names a gold run); with predictions, each prediction is one line and an instance nobody
//   predicted is left out (the harness calls it incomplete).
// - A line's `id` is the `instance_id` when the instance has one line, `instance_id#n` (n from 1, in the
//   predictions file's order) when it has several: samples of one task, scored together as pass@k since
//   `task` is the `instance_id`. The harness keeps the last prediction of an instance; we judge them all.
// - A `model_patch` that is null or empty stays a line, with `patch: ""`: the gate judges it patch_failed
//   (no file changes), never resolved, so it counts against the model as the harness counts an empty patch.
//   A prediction with no `model_patch` at all is a problem: a misnamed field would otherwise read as empty.
// - `--repo` keeps one repository's instances; the others, and the predictions of them, are counted. A
//   prediction of an instance the file does not hold is counted and skipped (a whole submission's
//   predictions against one repository's instances is the common case), with the first one named.
// - An instance given twice, a record missing `base_commit`, `test_patch` or a test list, a `log_parser`
//   that is not one of SWE-bench's Python parsers, an `eval_script` without its output markers: each a
//   problem, and nothing is imported.
// - Each line keeps `repo` and carries SWE-bench's way of running it (swe-bench-specs.ts): `command` from
//   the instance's `eval_script` when it has one (SWE-bench 5.0), else from the table by `repo` and
//   `version`; `results_format` from its `log_parser`, else the table's parser for the repository;
//   `image` as the instance names it. An instance the table does not know gets no command (counted and
//   named, so the user passes --command).
// - Test ids are SWE-bench's, as its log parsers write them, on a line read by one; on a line read from
//   JUnit (no parser known) they are turned from pytest's node ids into the report's
//   (pytestNodeToCaseId), other runners' ids kept as they are.
import { jsonLines, type JsonLine } from "../core/json-lines.js";
import { isRecord } from "../core/records.js";
import { pytestNodeToCaseId } from "../core/tests.js";
import {
  evalScriptCommand,
  parserOfLogParser,
  parserOfRepo,
  specCommand,
  type SpecMiss,
  type SweBenchParser,
} from "./swe-bench-specs.js";

/** One record of a file and where it stands: `file:line` (JSONL), `file[index]` (array), `file["key"]` (object). */
export interface SourcedRecord {
  value: unknown;
  where: string;
}

/** A dataset line as the importer writes it, its fields in this order; nothing else goes on it. */
export interface SweBenchLine {
  id: string;
  task: string;
  repo?: string;
  base_commit: string;
  patch: string;
  test_patch: string;
  fail_to_pass: string[];
  pass_to_pass: string[];
  command?: string;
  results_format?: SweBenchParser;
  image?: string;
  /** The prediction's `model_name_or_path`; "gold" for a gold patch. */
  model?: string;
}

export interface Prediction {
  instanceId: string;
  /** `""` for a null or empty `model_patch`. */
  patch: string;
  /** Its `model_name_or_path`, when it names one. */
  model?: string;
  where: string;
}

/** What was imported, for the lines the CLI says when it is done. */
export interface ImportSummary {
  /** Every instance read, the ones --repo leaves out too. */
  instances: number;
  /** The instances kept (all of them without --repo). */
  kept: number;
  lines: number;
  /** Predictions whose `model_patch` was null or empty. */
  emptyPatches: number;
  /** Instances left out: predictions were given, none for them. */
  unpredicted: number;
  /** The kept instances' `repo` values, in first-seen order: a run's workdir is one repository. */
  repos: string[];
  /** Instances of other repositories than --repo's, and the predictions of them: left out. */
  otherRepo: { instances: number; predictions: number; repos: string[] };
  /** Predictions of instances the instances file does not hold: skipped; the first named by where it stands. */
  unknownPredictions: { count: number; first?: string };
  /** Lines written without a command: the table knows no command for their repository and version. */
  withoutCommand: { lines: number; specs: string[] };
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

const fail = (problem: string): { ok: false; problem: string } => ({ ok: false, problem });

/** A JSON value as a problem shows it: short, on one line. */
function shown(value: unknown): string {
  const text = value === undefined ? "nothing" : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** One JSONL line, as core/json-lines.ts read it → its record, or why it is not one. */
export function lineRecord(line: JsonLine): Checked<SourcedRecord> {
  return line.ok
    ? { ok: true, value: { value: line.value, where: line.where } }
    : fail(`${line.where}: ${line.problem}`);
}

/** A JSON array file's text → one record per element. */
export function arrayRecords(text: string, file: string): Checked<SourcedRecord[]> {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return fail(`${file}: not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(value)) return fail(`${file}: not a JSON array of records`);
  const elements: unknown[] = value;
  return { ok: true, value: elements.map((element, i) => ({ value: element, where: `${file}[${i}]` })) };
}

/**
 * A predictions file's text → its records: a JSON array, an object keyed by `instance_id` (the harness's
 * `all_preds`, SWE-agent's `preds.json`), or JSONL (a one-line JSONL file is one prediction).
 */
export function predictionRecords(text: string, file: string): Checked<SourcedRecord[]> {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trimStart().startsWith("[")) return arrayRecords(body, file);
  let whole: unknown;
  try {
    whole = JSON.parse(body);
  } catch {
    whole = undefined;
  }
  if (isRecord(whole) && !("instance_id" in whole)) return keyedRecords(whole, file);
  const records: SourcedRecord[] = [];
  for (const line of jsonLines(body, file)) {
    const record = lineRecord(line);
    if (!record.ok) return record;
    records.push(record.value);
  }
  return { ok: true, value: records };
}

/** An object keyed by `instance_id` → its records; the key is the instance_id where the value leaves it out. */
function keyedRecords(whole: Record<string, unknown>, file: string): Checked<SourcedRecord[]> {
  const records: SourcedRecord[] = [];
  for (const [key, value] of Object.entries(whole)) {
    const where = `${file}[${JSON.stringify(key)}]`;
    if (!isRecord(value)) return fail(`${where}: not a JSON object, but ${shown(value)}`);
    if ("instance_id" in value && value.instance_id !== key)
      return fail(`${where}: its instance_id is ${shown(value.instance_id)}, not the key it is filed under`);
    records.push({ value: { ...value, instance_id: key }, where });
  }
  return { ok: true, value: records };
}

/** A record's `instance_id`, or why it has none that will do. */
function instanceIdOf(value: unknown, where: string): Checked<string> {
  if (!isRecord(value)) return fail(`${where}: not a JSON object, but ${shown(value)}`);
  const id = value.instance_id;
  if (typeof id !== "string" || id.trim() === "")
    return fail(`${where}: instance_id must be a non-empty string, not ${shown(id)}`);
  return { ok: true, value: id };
}

/** One prediction record → a prediction, or why it is not one. */
export function readPrediction({ value, where }: SourcedRecord): Checked<Prediction> {
  const id = instanceIdOf(value, where);
  if (!id.ok) return id;
  const record = value as Record<string, unknown>;
  const at = `${where} (${id.value})`;
  if (!("model_patch" in record))
    return fail(`${at}: no model_patch (the prediction's diff; null or "" is an empty patch)`);
  const patch = record.model_patch;
  if (patch !== null && typeof patch !== "string")
    return fail(`${at}: model_patch must be a diff (a string) or null, not ${shown(patch)}`);
  const model = record.model_name_or_path;
  return {
    ok: true,
    value: {
      instanceId: id.value,
      patch: patch ?? "",
      ...(typeof model === "string" && model.trim() !== "" && { model }),
      where,
    },
  };
}

/** Every prediction, grouped by instance in file order; the first problem if any record is not one. */
export function groupPredictions(records: Iterable<SourcedRecord>): Checked<Map<string, Prediction[]>> {
  const byInstance = new Map<string, Prediction[]>();
  for (const record of records) {
    const prediction = readPrediction(record);
    if (!prediction.ok) return prediction;
    const samples = byInstance.get(prediction.value.instanceId) ?? [];
    samples.push(prediction.value);
    byInstance.set(prediction.value.instanceId, samples);
  }
  return { ok: true, value: byInstance };
}

/**
 * A test list as SWE-bench ships it, a list or a JSON string of one → the line's test ids: as they are
 * for a log parser, which reads SWE-bench's ids; the report's JUnit ids otherwise.
 */
function testIds(
  record: Record<string, unknown>,
  field: "FAIL_TO_PASS" | "PASS_TO_PASS",
  asSweBenchWrites: boolean,
): Checked<string[]> {
  let list = record[field];
  if (typeof list === "string") {
    try {
      list = JSON.parse(list);
    } catch {
      return fail(`${field} is a string that is not a JSON list: ${shown(record[field])}`);
    }
  }
  if (!Array.isArray(list) || list.some((id) => typeof id !== "string"))
    return fail(`${field} must be a list of test ids (or a JSON string of one), not ${shown(record[field])}`);
  const ids = list as string[];
  return { ok: true, value: asSweBenchWrites ? ids : ids.map(pytestNodeToCaseId) };
}

/** A field that must be a non-empty string. */
function text(record: Record<string, unknown>, field: string, what: string): Checked<string> {
  const value = record[field];
  if (typeof value !== "string" || value.trim() === "")
    return fail(`${field} must be ${what} (a non-empty string), not ${shown(value)}`);
  return { ok: true, value };
}

/** A field that may be left out, but when there must be a non-empty string. */
function optionalText(record: Record<string, unknown>, field: string, what: string): Checked<string | undefined> {
  const value = record[field];
  if (value === undefined || value === null) return { ok: true, value: undefined };
  if (typeof value !== "string" || value.trim() === "")
    return fail(`${field} must be ${what} (a non-empty string) when given, not ${shown(value)}`);
  return { ok: true, value };
}

/** How the instance's tests are run and read: its command (or what the table lacks) and its parser. */
interface Runner {
  command?: string;
  miss?: SpecMiss;
  resultsFormat?: SweBenchParser;
  image?: string;
}

/** The instance's runner: its own fields (SWE-bench 5.0) first, then the table; or its first problem. */
function runnerOf(record: Record<string, unknown>, testPatch: string): Checked<Runner> {
  const repo = typeof record.repo === "string" ? record.repo : "";
  const logParser = optionalText(record, "log_parser", "a SWE-bench log parser's name");
  if (!logParser.ok) return logParser;
  const named = logParser.value === undefined ? undefined : parserOfLogParser(logParser.value);
  if (logParser.value !== undefined && named === undefined)
    return fail(
      `log_parser ${shown(logParser.value)} is not one of SWE-bench's Python log parsers (parse_log_pytest, parse_log_django, parse_log_sympy, ...)`,
    );
  const image = optionalText(record, "image", "an image name");
  if (!image.ok) return image;
  const script = optionalText(record, "eval_script", "SWE-bench's evaluation script");
  if (!script.ok) return script;
  const resultsFormat = named ?? parserOfRepo(repo);
  const runner: Runner = {
    ...(resultsFormat !== undefined && { resultsFormat }),
    ...(image.value !== undefined && { image: image.value }),
  };
  if (script.value !== undefined) {
    const command = evalScriptCommand(script.value);
    return command.ok ? { ok: true, value: { ...runner, command: command.command } } : fail(command.problem);
  }
  const version =
    typeof record.version === "string" || typeof record.version === "number" ? String(record.version) : "";
  const command = specCommand(repo, version, testPatch);
  if (command.ok) return { ok: true, value: { ...runner, command: command.command } };
  return "problem" in command ? fail(command.problem) : { ok: true, value: { ...runner, miss: command.miss } };
}

/** What every line of an instance shares, or the instance's first problem (without where it stands). */
function instanceTask(
  record: Record<string, unknown>,
  task: string,
  gold: boolean,
): Checked<{ line: Omit<SweBenchLine, "id">; miss?: SpecMiss }> {
  const base = text(record, "base_commit", "the commit the task starts from");
  if (!base.ok) return base;
  const testPatch = text(record, "test_patch", "the diff that adds the task's tests");
  if (!testPatch.ok) return testPatch;
  // The gold patch is only read when it is what is judged.
  const patch = gold ? text(record, "patch", "the gold diff, judged when no predictions are given") : undefined;
  if (patch && !patch.ok) return patch;
  const runner = runnerOf(record, testPatch.value);
  if (!runner.ok) return runner;
  const { command, resultsFormat, image, miss } = runner.value;
  const failToPass = testIds(record, "FAIL_TO_PASS", resultsFormat !== undefined);
  if (!failToPass.ok) return failToPass;
  const passToPass = testIds(record, "PASS_TO_PASS", resultsFormat !== undefined);
  if (!passToPass.ok) return passToPass;
  const repo = typeof record.repo === "string" && record.repo.trim() !== "" ? record.repo : undefined;
  return {
    ok: true,
    value: {
      line: {
        task,
        ...(repo !== undefined && { repo }),
        base_commit: base.value,
        patch: patch?.value ?? "",
        test_patch: testPatch.value,
        fail_to_pass: failToPass.value,
        pass_to_pass: passToPass.value,
        ...(command !== undefined && { command }),
        ...(resultsFormat !== undefined && { results_format: resultsFormat }),
        ...(image !== undefined && { image }),
        ...(gold && { model: "gold" }),
      },
      ...(miss && { miss }),
    },
  };
}

/** A table miss as the summary names it: `acme/calc 1.4`. */
const missName = ({ repo, version }: SpecMiss) =>
  `${repo === "" ? "(no repo)" : repo} ${version === "" ? "(no version)" : version}`;

export interface ImportOptions {
  /** `--repo OWNER/NAME`: only this repository's instances, and the predictions of them. */
  repo?: string;
}

/**
 * Instances, one record at a time (a file of thousands is streamed), → dataset lines. Pure, but keeps what a
 * whole import must check: ids seen, predictions used. Call finish() once the last record is in.
 */
export class SweBenchImport {
  private readonly seen = new Map<string, string>();
  /** Instances --repo left out. */
  private readonly elsewhere = new Set<string>();
  private readonly ids = new Set<string>();
  private readonly summary: ImportSummary = {
    instances: 0,
    kept: 0,
    lines: 0,
    emptyPatches: 0,
    unpredicted: 0,
    repos: [],
    otherRepo: { instances: 0, predictions: 0, repos: [] },
    unknownPredictions: { count: 0 },
    withoutCommand: { lines: 0, specs: [] },
  };

  /** `predictions` from groupPredictions; none: each instance's gold patch is judged. */
  constructor(
    private readonly predictions?: ReadonlyMap<string, readonly Prediction[]>,
    private readonly options: ImportOptions = {},
  ) {}

  /** One instance record → its lines (none when predictions or --repo leave it out), or the problem, naming it. */
  add(record: SourcedRecord): Checked<SweBenchLine[]> {
    const id = instanceIdOf(record.value, record.where);
    if (!id.ok) return id;
    const instanceId = id.value;
    const first = this.seen.get(instanceId);
    if (first !== undefined) return fail(`${record.where}: instance_id ${shown(instanceId)} again (first at ${first})`);
    this.seen.set(instanceId, record.where);
    this.summary.instances += 1;
    const fields = record.value as Record<string, unknown>;
    const repo = typeof fields.repo === "string" ? fields.repo : undefined;
    if (this.options.repo !== undefined && repo !== this.options.repo) {
      this.elsewhere.add(instanceId);
      this.summary.otherRepo.instances += 1;
      const named = repo ?? "(no repo)";
      if (!this.summary.otherRepo.repos.includes(named)) this.summary.otherRepo.repos.push(named);
      return { ok: true, value: [] };
    }
    this.summary.kept += 1;
    if (repo !== undefined && !this.summary.repos.includes(repo)) this.summary.repos.push(repo);
    const samples = this.predictions?.get(instanceId);
    if (this.predictions && !samples) {
      this.summary.unpredicted += 1;
      return { ok: true, value: [] };
    }
    const task = instanceTask(fields, instanceId, !samples);
    if (!task.ok) return fail(`${record.where} (${instanceId}): ${task.problem}`);
    const { line: shared, miss } = task.value;
    // The id first, then the task's fields in their order, the sample's patch in the gold's place.
    const lines: SweBenchLine[] = samples
      ? samples.map((sample, i) => ({
          id: samples.length === 1 ? instanceId : `${instanceId}#${i + 1}`,
          ...shared,
          patch: sample.patch,
          model: sample.model,
        }))
      : [{ id: instanceId, ...shared }];
    // A prediction that names no model leaves the key off, as JSON would.
    for (const line of lines) if (line.model === undefined) delete line.model;
    for (const line of lines) {
      if (this.ids.has(line.id))
        return fail(`${record.where} (${instanceId}): the line id ${shown(line.id)} is another line's already`);
      this.ids.add(line.id);
    }
    this.summary.lines += lines.length;
    this.summary.emptyPatches += samples?.filter((sample) => sample.patch === "").length ?? 0;
    if (miss) {
      this.summary.withoutCommand.lines += lines.length;
      if (!this.summary.withoutCommand.specs.includes(missName(miss)))
        this.summary.withoutCommand.specs.push(missName(miss));
    }
    return { ok: true, value: lines };
  }

  /** Once every instance is in: the predictions no kept instance used, counted. */
  finish(): ImportSummary {
    for (const [instanceId, samples] of this.predictions ?? []) {
      if (this.elsewhere.has(instanceId)) this.summary.otherRepo.predictions += samples.length;
      else if (!this.seen.has(instanceId)) {
        const { unknownPredictions } = this.summary;
        unknownPredictions.count += samples.length;
        unknownPredictions.first ??= `${samples[0]!.where} (${instanceId})`;
      }
    }
    return structuredClone(this.summary);
  }
}
