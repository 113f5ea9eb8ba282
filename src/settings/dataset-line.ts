// A dataset line's shape (INTERFACE.md, "Dataset lines"), declared once: docs/dataset.schema.json is
// generated from it (npm run schemas), parseDatasetLine checks each line against it (validate.ts), and
// the line's type comes from it. What JSON Schema cannot say (a timeout that parses) candidates/dataset-lines.ts checks.
// Not in core/schemas with the report's: a line names a language, and the languages (languages/) sit above core.
import type { FromSchema } from "json-schema-to-ts";
import { shipped, text } from "../core/schemas/declare.js";
import { LANGUAGE_NAMES } from "../languages/registry.js";
import { RESULTS_FORMATS } from "./settings.js";

// Open (no additionalProperties: false), as the reader has always been: evaluation sets carry their own
// fields beside these (`task_id`, `prompt`, …), and a line must not fail for keeping them.
export const DATASET_SCHEMA = {
  ...shipped(
    "dataset",
    "sandbox-gate dataset line",
    "One line of a `.jsonl` dataset: one candidate, a reply or a patch. Fields left out fall back to the action's inputs; other fields (an evaluation set's own) are ignored.",
  ),
  type: "object",
  properties: {
    id: {
      type: ["string", "number"],
      description: "The candidate's id in the report; the line's `file:line` when absent or blank.",
    },
    reply: {
      type: "string",
      description:
        "A model's reply: prose with fenced code blocks, or bare code. A reply that holds only a diff is a patch.",
    },
    patch: {
      type: "string",
      description: "A unified diff, applied in memory to the base tree (`workdir`). Used when there is no `reply`.",
    },
    files: {
      type: "object",
      description:
        "Extra files for this candidate only (its tests, say): relative path → content. They win over `tests` files of the same path.",
      additionalProperties: { type: "string" },
    },
    task: {
      type: ["string", "number"],
      description:
        "The problem this line is a sample of: lines of one task are scored together as pass@k (the evaluation summary, the report's `pass_at_k`).",
    },
    command: text("This candidate's test command, instead of the `command` input."),
    language: { enum: LANGUAGE_NAMES, description: "This candidate's language, instead of the `language` input." },
    target: {
      type: "string",
      description: "The file name the extracted code is written as, instead of the `target` input.",
    },
    timeout: {
      type: ["string", "number"],
      description: "This candidate's wall-clock limit: a duration (`500ms`, `10s`, `2m`) or a number of seconds.",
    },
    repo: {
      type: "string",
      minLength: 1,
      description:
        "The repository the line is a task of (`owner/name`, SWE-bench's `repo`): kept for the report and its per-repository counts.",
    },
    model: {
      type: "string",
      minLength: 1,
      description:
        "The model whose prediction the line is (SWE-bench's `model_name_or_path`): kept for the report, and the directory and summary file SWE-bench's output is written under (`swe-bench-report`).",
    },
    image: {
      type: "string",
      minLength: 1,
      description:
        "This line's environment: the sandbox image it runs in, instead of the `image` input (SWE-bench's per-instance images as they are named).",
    },
    image_workdir: {
      type: "string",
      minLength: 1,
      description:
        "The directory of this line's image where its environment expects the repository (SWE-bench's images: `/testbed`, installed there in editable mode; the default for an image named as SWE-bench names its per-instance images, `…/sweb.eval.<arch>.<instance>:<tag>`): the sandbox's work dir is there instead of `/work`, and starts from what the image holds there (its build artifacts included, its .git left out) with the candidate's changes on top, rather than from the base tree's files.",
    },
    results_format: {
      enum: RESULTS_FORMATS,
      description:
        "How this line's per-test results are read, instead of the `results-format` input: `junit` files (`test-results`), or the test command's own output read as SWE-bench's harness reads it (`pytest`, `django`, `sympy`, …: its log parser's name without `parse_log_`, `_` as `-`).",
    },
    base_commit: {
      type: "string",
      minLength: 1,
      description:
        "A commit of the git repository at `workdir` (a sha or any name git resolves): this candidate's base tree is that commit's tracked files, read with git; the checkout is never changed. Needs `patch`.",
    },
    test_patch: {
      type: "string",
      description:
        "A unified diff of trusted tests, applied to the base's versions of its files after the candidate's patch: its files win over the candidate's (SWE-bench's order).",
    },
    fail_to_pass: {
      type: "array",
      items: { type: "string", minLength: 1 },
      description:
        "Test ids (as the report writes them; pytest node ids are read too; with a log format, as SWE-bench's harness keys them) that fail on the base and must pass: with `pass_to_pass`, they decide `resolved`. Needs per-test results: the `test-results` input, or a log format (`results_format`).",
    },
    pass_to_pass: {
      type: "array",
      items: { type: "string", minLength: 1 },
      description:
        "Test ids that pass on the base and must still pass. A listed test that is missing or skipped has not passed.",
    },
  },
  anyOf: [{ required: ["reply"] }, { required: ["patch"] }],
  // A reply is code for one file; a commit's tree is what a patch changes.
  dependentRequired: { base_commit: ["patch"] },
} as const;

// Kept open, with its index signature: a line may really carry more than these fields.
export type DatasetLine = FromSchema<typeof DATASET_SCHEMA>;
