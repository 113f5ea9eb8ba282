// `.jsonl` datasets: one candidate per line, streamed so a large nightly set is never held whole.
import { createReadStream } from "node:fs";
import type { Candidate, CandidateOverrides, Instance, SourceEntry } from "../core/model.js";
import { imageReferenceProblem } from "../core/image-reference.js";
import { checkRelativePath, checkSandboxDir } from "../core/paths.js";
import { DATASET_SCHEMA, type DatasetLine } from "../settings/dataset-line.js";
import { checker } from "../core/schemas/validate.js";
import { parseDuration } from "../core/units.js";
import { jsonLine, streamedJsonLines, type JsonLine } from "../core/json-lines.js";

const checkLine = checker<DatasetLine>(DATASET_SCHEMA, "the line");

/** The line's own id when it has a usable one, even on a line that is otherwise wrong: its problem is filed under it. */
function idOf(value: unknown, fallbackId: string): string {
  const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined;
  return typeof id === "string" && id.trim() ? id : typeof id === "number" ? String(id) : fallbackId;
}

/** Line `n` (from 1) of the dataset `file` → a candidate, or the reason it is not one. Pure. */
export function parseDatasetLine(line: string, file: string, n: number): SourceEntry {
  return lineEntry(jsonLine(line, file, n));
}

/** A line read by core/json-lines.ts → a candidate, or the reason it is not one; `file:n` is its source and fallback id. */
function lineEntry(line: JsonLine): SourceEntry {
  if (!line.ok) return { problem: { id: line.where, source: line.where, problem: line.problem } };
  return datasetEntry(line.value, line.where, line.where);
}

/**
 * A line's value (or anything of its shape: the library's judge() input) → a candidate, or the reason it
 * is not one. `check` names the whole value in a problem, `the line` by default. Pure.
 */
export function datasetEntry(value: unknown, source: string, fallbackId: string, check = checkLine): SourceEntry {
  const id = idOf(value, fallbackId);
  const checked = check(value);
  if (!checked.ok) return { problem: { id, source, problem: checked.problem } };
  const { reply, patch, files, command, language, target, timeout, task, repo, model, image, results_format } =
    checked.value;
  const { image_workdir } = checked.value;
  const { base_commit, test_patch, fail_to_pass, pass_to_pass } = checked.value;
  const overrides: CandidateOverrides = {
    ...(command !== undefined && { command }),
    ...(language !== undefined && { language }),
    ...(target !== undefined && { target }),
    ...(image !== undefined && { image }),
    ...(results_format !== undefined && { resultsFormat: results_format }),
  };
  // Paths inside the sandbox: this line's problem now, rather than a sandbox_error when its files are packed.
  const paths = [
    ...(target === undefined ? [] : [{ what: "'target'", path: target }]),
    ...Object.keys(files ?? {}).map((path) => ({ what: "a 'files' path", path })),
  ];
  for (const { what, path } of paths) {
    const safe = checkRelativePath(path);
    if (!safe.ok)
      return {
        problem: {
          id,
          source,
          problem: `${what} ${JSON.stringify(path)} ${safe.why}: it must be a relative path inside the work dir`,
        },
      };
  }
  // Its environment: a name no engine could pull is the line's own problem, never a pull that fails mid-run.
  const imageProblem = image === undefined ? undefined : imageReferenceProblem(image);
  if (imageProblem !== undefined)
    return { problem: { id, source, problem: `'image' ${JSON.stringify(image)} ${imageProblem}` } };
  if (image_workdir !== undefined) {
    const dir = checkSandboxDir(image_workdir);
    if (!dir.ok)
      return {
        problem: {
          id,
          source,
          problem: `'image_workdir' ${JSON.stringify(image_workdir)} ${dir.why}: it must be an absolute directory of the image, as /testbed`,
        },
      };
    overrides.imageWorkdir = dir.path;
  }
  if (timeout !== undefined) {
    try {
      overrides.timeoutMs = parseDuration("timeout", typeof timeout === "number" ? `${timeout}s` : timeout);
    } catch (error) {
      return { problem: { id, source, problem: (error as Error).message } };
    }
  }
  // The schema's anyOf sees to it that one of the two is there; a reply wins, as it always has.
  const candidate: Candidate = {
    id,
    source,
    kind: reply !== undefined ? "reply" : "patch",
    text: (reply ?? patch)!,
    overrides,
  };
  if (files !== undefined) candidate.files = files;
  if (task !== undefined) candidate.task = String(task);
  if (repo !== undefined) candidate.repo = repo;
  if (model !== undefined) candidate.model = model;
  const instance: Instance = {
    ...(base_commit !== undefined && { baseCommit: base_commit }),
    ...(test_patch !== undefined && { testPatch: test_patch }),
    ...(fail_to_pass !== undefined && { failToPass: [...fail_to_pass] }),
    ...(pass_to_pass !== undefined && { passToPass: [...pass_to_pass] }),
  };
  if (Object.keys(instance).length > 0) candidate.instance = instance;
  return { candidate };
}

/** Streams the dataset at `path`, shown to users as `name`; blank lines are skipped. */
export async function* readDataset(path: string, name: string): AsyncGenerator<SourceEntry> {
  for await (const line of streamedJsonLines(createReadStream(path, { encoding: "utf8" }), name)) yield lineEntry(line);
}
