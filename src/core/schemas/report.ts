// The JSON report's shape (INTERFACE.md), declared once: docs/report.schema.json is generated from it
// (npm run schemas), merge and baseline check the reports they read against it (validate.ts), the types
// come from it, and newResult lays every result out in its key order.
import { STATUSES, type Status } from "../statuses.js";
import { inSchemaOrder, shipped, text, type Declared } from "./declare.js";

// Objects are open (no additionalProperties: false): version 1 grows only by new optional fields, so a
// reader of this version must take a newer run's report (a baseline, a shard) and ignore what it does not
// know. The tests check what the gate writes against a closed copy (test/support/report-schema.ts).

const COUNT = { type: "integer", minimum: 0 } as const;
const STATUS = { enum: STATUSES } as const;
/** SWE-bench's verdicts for a line that lists its tests (verdict/resolved.ts), in the order they are counted. */
export const RESOLVED = ["full", "partial", "no"] as const;

const TESTS = {
  type: "object",
  description:
    "Per-test results read back from the JUnit XML files that `test-results` names (added for the next release).",
  properties: {
    counts: {
      type: "object",
      description: "How many test cases ended each way.",
      properties: {
        passed: { ...COUNT, description: "Test cases that passed." },
        failed: { ...COUNT, description: "Test cases that failed an assertion." },
        error: { ...COUNT, description: "Test cases that ended with an error other than a failed assertion." },
        skipped: { ...COUNT, description: "Test cases that were skipped." },
      },
      required: ["passed", "failed", "error", "skipped"],
    },
    cases: {
      type: "array",
      description: "Every test case, in the order the files list them.",
      items: {
        type: "object",
        properties: {
          id: text("Stable id of the test case, as `compare` lists it."),
          name: text("The test case's name."),
          classname: text("The test case's class or suite name."),
          file: text("The file the test case is in, when the XML says."),
          line: { type: "integer", minimum: 1, description: "The line the test case starts on, when the XML says." },
          status: { enum: ["passed", "failed", "error", "skipped"], description: "How the test case ended." },
          message: text("The failure's or error's message."),
          duration_ms: { ...COUNT, description: "How long the test case ran, in milliseconds." },
          flaky: {
            type: "boolean",
            description: "With `reruns`: true when the test case failed in one attempt and passed in another.",
          },
        },
        required: ["id", "name", "status"],
      },
    },
  },
  required: ["counts", "cases"],
} as const;

const TEST_IDS = { type: "array", items: { type: "string" } } as const;

/** The listed tests of one list (`fail_to_pass` or `pass_to_pass`), by how they went. */
const LISTED_TESTS = {
  type: "object",
  description: "One list's test ids, each in one of the two.",
  properties: {
    passed: { ...TEST_IDS, description: "The listed tests that passed." },
    not_passed: {
      ...TEST_IDS,
      description: "The listed tests that did not pass: failed, errored, skipped, missing, or never run.",
    },
  },
  required: ["passed", "not_passed"],
} as const;

export const RESULT_SCHEMA = {
  type: "object",
  description: "One judged candidate.",
  properties: {
    id: {
      type: "string",
      description:
        "The candidate's id: the comment's (`comment-…`, `review-…`, `review-comment-…`), the file's path, or the dataset line's `id`.",
    },
    source: {
      type: "string",
      description: "Where the candidate came from, as a user would look it up: a comment URL, a path, or `path:line`.",
    },
    url: text("The comment's URL, for candidates from a pull request."),
    author: text("The login of the comment's author, for candidates from a pull request."),
    language: {
      type: ["string", "null"],
      description:
        "The language the candidate was judged as (`python`, `javascript`, `typescript`, `bash`, `php`, …); null when it could not be told.",
    },
    status: { ...STATUS, description: `The verdict: the first that matches, in this order: ${STATUSES.join(", ")}.` },
    exit_code: {
      type: ["integer", "null"],
      description: "The test command's exit code; null when it did not run or the engine could not tell.",
    },
    signal: {
      type: ["string", "null"],
      description: "The signal that crashed the test command (`SIGSEGV`, …), for `test_failed` only; null otherwise.",
    },
    duration_ms: { ...COUNT, description: "Wall-clock time of the run, in milliseconds; 0 when nothing ran." },
    cpu_ms: {
      ...COUNT,
      description:
        "CPU time the candidate's processes used, in milliseconds, from its sandbox's cgroup; absent where the engine cannot read it (docs/judging.md, Time).",
    },
    stdout: text(
      "The test command's standard output, capped at `max-output` bytes; for a `test_failed` whose own set-up failed (its change touched `setup-inputs`), the setup's output, the test command not having run.",
    ),
    stderr: text("The test command's standard error, capped at `max-output` bytes."),
    truncated: {
      type: "object",
      description: "Whether each stream was cut at `max-output`.",
      properties: {
        stdout: { type: "boolean", description: "Whether `stdout` was cut." },
        stderr: { type: "boolean", description: "Whether `stderr` was cut." },
      },
      required: ["stdout", "stderr"],
    },
    feedback: {
      type: "string",
      description: "The message to hand back to the model for this status; empty for `pass`.",
    },
    syntax: {
      type: "object",
      description: "Where and why the code does not parse, for `syntax_error`.",
      properties: {
        message: text("The parser's message."),
        file: text("The file that does not parse, relative to the work dir."),
        line: { type: "integer", minimum: 1, description: "The line of the error, when the parser says." },
        column: { type: "integer", minimum: 1, description: "The column of the error, when the parser says." },
      },
      required: ["message"],
    },
    changed_files: {
      type: "array",
      items: { type: "string" },
      description: "The files a patch changed, for patch candidates.",
    },
    patch_strategy: {
      type: "string",
      description: "How hard the patch had to be pushed to apply (`exact`, `offset`, `fuzz`), for patch candidates.",
    },
    tests: TESTS,
    compare: {
      type: "object",
      description:
        "With `compare: base`: test ids by how they went on the base tree and with the candidate (added for the next release).",
      properties: {
        fail_to_pass: { ...TEST_IDS, description: "Tests that failed on the base and pass with the candidate." },
        pass_to_pass: { ...TEST_IDS, description: "Tests that pass on both." },
        pass_to_fail: {
          ...TEST_IDS,
          description: "Tests that pass on the base and fail with the candidate: what it broke.",
        },
        fail_to_fail: { ...TEST_IDS, description: "Tests that fail on both: not the candidate's doing." },
        new_failing: { ...TEST_IDS, description: "Failing tests the base does not have." },
        new_passing: { ...TEST_IDS, description: "Passing tests the base does not have." },
      },
    },
    attempts: {
      type: "array",
      description: "With `reruns`: every attempt, each in a fresh container, in order (added for the next release).",
      items: {
        type: "object",
        properties: {
          status: { ...STATUS, description: "The attempt's status." },
          duration_ms: { ...COUNT, description: "The attempt's wall-clock time, in milliseconds." },
        },
        required: ["status", "duration_ms"],
      },
    },
    flaky: {
      type: "boolean",
      description: "With `reruns`: whether the attempts disagreed (added for the next release).",
    },
    retried: {
      type: "boolean",
      description:
        "True when a `sandbox_error` of ours (an engine hiccup, a container that could not start) was retried once in a fresh container; `notes` says what failed (added for the next release).",
    },
    notes: {
      type: "array",
      items: { type: "string" },
      description:
        "What the reader must know beside the verdict: test results that could not be read, a void comparison, a retry (added for the next release).",
    },
    task: text(
      "The dataset line's `task`: the problem several samples answer, for pass@k (added for the next release).",
    ),
    cached: {
      type: "boolean",
      description:
        "True for a verdict carried over from an earlier run instead of judged again (added for the next release).",
    },
    protected: {
      type: "array",
      items: { type: "string" },
      description:
        "The files `protect` covers that the candidate changed, deleted or added, sorted; the base's versions of them are what ran, and `notes` says how that run ended (added for the next release).",
    },
    resolved: {
      enum: RESOLVED,
      description:
        "For a dataset line with `fail_to_pass`/`pass_to_pass`: SWE-bench's verdict. `full` when every listed test passed, `partial` when some of `fail_to_pass` and all of `pass_to_pass` did, `no` otherwise (a listed test missing or skipped has not passed); `status` is `pass` only when `full`. Absent for our failures (`sandbox_error`).",
    },
    tampering: {
      type: "array",
      items: {
        type: "object",
        properties: {
          file: text("The candidate's file, relative to the work dir."),
          line: { ...COUNT, description: "The line, from 1." },
          what: text("What the code reaches of the judge, in words."),
        },
        required: ["file", "line", "what"],
      },
      description:
        "The candidate's own code that reaches into the judge (assigns to the test framework or the interpreter's exit, defines the runner's hooks outside conftest.py, replaces modules in `sys.modules`, an always-true comparison, a process that outlives the runner), found before it ran; with `tampering` in `fail-on`, such a `pass` is `test_failed` (added for the release after that).",
    },
    repo: text(
      "The dataset line's `repo` (`owner/name`): the per-repository counts of the summary go by it (added for the release after that).",
    ),
    model: text(
      "The dataset line's `model` (SWE-bench's `model_name_or_path`): whose prediction the line is (added for the release after that).",
    ),
    listed: {
      type: "object",
      description:
        "For a dataset line with `fail_to_pass`/`pass_to_pass`: its listed tests by how they went, as `resolved` read them (a test missing or skipped has not passed; nothing has passed in a run that never reached its tests). SWE-bench's `tests_status` is written from it (added for the release after that).",
      properties: {
        fail_to_pass: LISTED_TESTS,
        pass_to_pass: LISTED_TESTS,
      },
      required: ["fail_to_pass", "pass_to_pass"],
    },
    empty_patch: {
      const: true,
      description:
        "For a patch line whose patch is empty (SWE-bench's empty `model_patch`): nothing was proposed (added for the release after that).",
    },
    fingerprint: {
      type: "string",
      pattern: "^[0-9a-f]{64}$",
      description:
        "SHA-256 of the dataset line's content and of what changes verdicts (the `tests` files, the run settings, the limits, the gate's version): `resume` carries a result over only to a line with the same id and fingerprint (added for the release after that).",
    },
  },
  required: [
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
  ],
} as const;

export const SKIPPED_SCHEMA = {
  type: "object",
  description:
    "A candidate left out by the `max-candidates` quota, or a comment that is no agent's reply (no code, its author matched only by a wildcard in `authors`): listed, never run.",
  properties: {
    id: text("The candidate's id, as a result would have it."),
    source: text("Where the candidate came from, as a result would have it."),
    url: text("The comment's URL, for candidates from a pull request."),
    reason: text("Why it was not run."),
  },
  required: ["id", "source", "reason"],
} as const;

export const SHARD_SCHEMA = {
  type: "object",
  description:
    "The slice of the candidates this run judged, with `shard: index/count`; merge checks every slice came, once.",
  properties: {
    index: { type: "integer", minimum: 1, description: "This slice, from 1 to `count`." },
    count: { type: "integer", minimum: 1, description: "How many slices the candidates were split into." },
  },
  required: ["index", "count"],
} as const;

// One property per status, so a consumer can rely on every count being there, zeros included.
const BY_STATUS = Object.fromEntries(
  STATUSES.map((status) => [status, { ...COUNT, description: `Results with status \`${status}\`.` }]),
) as {
  readonly [S in Status]: typeof COUNT & { readonly description: string };
};

const REQUIRED_COUNTS = [
  "no_code",
  "patch_failed",
  "syntax_error",
  "timeout",
  "oom",
  "test_failed",
  "pass",
  "sandbox_error",
] as const;

export const REPORT_SCHEMA = {
  ...shipped(
    "report",
    "sandbox-gate JSON report",
    "What one run of sandbox-gate judged (the `report` input, `--report`, `--format json`). Version 1 grows only by new optional fields: ignore the ones you do not know.",
  ),
  type: "object",
  properties: {
    version: { const: 1, description: "The report format's version: 1 grows only by new optional fields." },
    shard: { $ref: "#/$defs/shard" },
    summary: {
      type: "object",
      description: "Counts over `results`.",
      properties: {
        total: { ...COUNT, description: "How many candidates were judged: the length of `results`." },
        by_status: {
          type: "object",
          description:
            "How many results have each status; every status is listed (`protected` since it was added: a report written before lacks it).",
          properties: BY_STATUS,
          // Version 1 grows only by optional fields: an older run's report, read as a baseline or a shard, has no `protected`.
          required: REQUIRED_COUNTS,
        },
        resolved: {
          type: "object",
          description:
            "For datasets whose lines list their tests: how many results are resolved in full, in part, not at all.",
          properties: Object.fromEntries(
            RESOLVED.map((r) => [r, { ...COUNT, description: `Results resolved \`${r}\`.` }]),
          ) as { readonly [R in (typeof RESOLVED)[number]]: typeof COUNT & { readonly description: string } },
          required: RESOLVED,
        },
        resolved_rate: {
          type: "object",
          description:
            "For datasets whose lines list their tests: the resolved rate (`full` over the results resolved `full`, `partial` or `no`; our failures count in none) with its 95 % confidence interval, Wilson's score interval (added for the release after that).",
          properties: {
            value: { type: "number", minimum: 0, maximum: 1, description: "Resolved in full ÷ judged by the lists." },
            low: { type: "number", minimum: 0, maximum: 1, description: "The interval's lower end." },
            high: { type: "number", minimum: 0, maximum: 1, description: "The interval's upper end." },
            level: { const: 0.95, description: "The interval's confidence level." },
            method: { const: "wilson", description: "How the interval is computed: Wilson's score interval." },
          },
          required: ["value", "low", "high", "level", "method"],
        },
        by_repo: {
          type: "object",
          description:
            "For datasets whose lines list their tests and carry `repo`: per repository, the results resolved in full and the results judged by the lists (added for the release after that).",
          additionalProperties: {
            type: "object",
            properties: {
              resolved: { ...COUNT, description: "Results of the repository resolved in full." },
              total: { ...COUNT, description: "Results of the repository judged by their lists." },
            },
            required: ["resolved", "total"],
          },
        },
      },
      required: ["total", "by_status"],
    },
    results: {
      type: "array",
      description: "Every judged candidate, in input order (dataset order, for a merge of shards).",
      items: { $ref: "#/$defs/result" },
    },
    skipped: {
      type: "array",
      description:
        "What was listed but not run: candidates over the `max-candidates` quota, and comments that are no agent's reply (no code, from an author only a wildcard in `authors` matched).",
      items: { $ref: "#/$defs/skipped" },
    },
    base: {
      type: "object",
      description: "With `compare: base`: the test command on the unpatched base tree (added for the next release).",
      properties: {
        status: { ...STATUS, description: "The base run's status." },
        exit_code: {
          type: ["integer", "null"],
          description: "The test command's exit code on the base; null when it did not run to its end.",
        },
        duration_ms: { ...COUNT, description: "Wall-clock time of the base run, in milliseconds." },
        tests: TESTS,
        notes: {
          type: "array",
          items: { type: "string" },
          description: "What could not be read of the base run's results, or why the comparison is void.",
        },
      },
      required: ["status"],
    },
    pass_at_k: {
      type: "object",
      description:
        "For datasets whose lines carry `task`: pass@k with the unbiased estimator (Chen et al., 2021), per task and over the tasks (added for the next release).",
      properties: {
        k: {
          type: "array",
          items: { type: "integer", minimum: 1 },
          description: "The k of `overall`: those of `pass-at-k` that every task has enough samples for.",
        },
        overall: {
          type: "object",
          additionalProperties: { type: "number", minimum: 0, maximum: 1 },
          description: "`pass@<k>` → the mean over the tasks of each task's estimate.",
        },
        tasks: {
          type: "array",
          description: "Every task, in the order its first sample came.",
          items: {
            type: "object",
            properties: {
              task: text("The task."),
              n: { type: "integer", minimum: 1, description: "Samples of the task judged." },
              c: { ...COUNT, description: "Samples that passed." },
              pass_at: {
                type: "object",
                additionalProperties: { type: "number", minimum: 0, maximum: 1 },
                description: "`pass@<k>` → the estimate, for each k of `pass-at-k` no larger than `n`.",
              },
            },
            required: ["task", "n", "c", "pass_at"],
          },
        },
      },
      required: ["k", "overall", "tasks"],
    },
  },
  required: ["version", "summary", "results", "skipped"],
  $defs: { result: RESULT_SCHEMA, skipped: SKIPPED_SCHEMA, shard: SHARD_SCHEMA },
} as const;

export type Report = Declared<typeof REPORT_SCHEMA>;
export type Result = Declared<typeof RESULT_SCHEMA>;
export type Skipped = Declared<typeof SKIPPED_SCHEMA>;
export type Shard = Declared<typeof SHARD_SCHEMA>;

/**
 * The one way a result is built: fields in the report's order, optional ones only when set, so the
 * report file diffs well from run to run.
 */
export const newResult = (fields: Result): Result => inSchemaOrder(RESULT_SCHEMA, fields);
