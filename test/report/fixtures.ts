// Results and skipped candidates shared by the report tests, built as the pipeline builds them.
import type { Result, Skipped, Status } from "../../src/core/model.js";
import { newResult } from "../../src/core/schemas/report.js";

export function result(fields: Partial<Result> & Pick<Result, "id" | "status">): Result {
  return newResult({
    source: `replies/${fields.id}.md`,
    language: "python",
    exit_code: fields.status === "pass" ? 0 : 1,
    signal: null,
    duration_ms: 420,
    stdout: "",
    stderr: "",
    truncated: { stdout: false, stderr: false },
    feedback: "",
    ...fields,
  });
}

export const PASSING: Result[] = [
  result({
    id: "issuecomment-101",
    status: "pass",
    source: "https://github.com/acme/app/pull/7#issuecomment-101",
    url: "https://github.com/acme/app/pull/7#issuecomment-101",
    author: "coder[bot]",
    stdout: "ok: 3 tests\n",
    duration_ms: 1234,
  }),
  result({ id: "issuecomment-102", status: "pass", duration_ms: 64_800 }),
];

export const MIXED: Result[] = [
  result({ id: "reply-1", status: "pass", stdout: "all good\n", duration_ms: 830 }),
  result({
    id: "reply-2",
    status: "syntax_error",
    exit_code: 1,
    feedback: "SyntaxError: invalid syntax at solution.py:3:5",
    stderr: '  File "solution.py", line 3\n    def f(:\n        ^\nSyntaxError: invalid syntax\n',
    syntax: { message: "invalid syntax", file: "solution.py", line: 3, column: 5 },
  }),
  result({
    id: "reply-3",
    status: "timeout",
    exit_code: null,
    signal: "SIGKILL",
    duration_ms: 10_004,
    feedback: "Timed out after 10 s.",
  }),
  result({ id: "reply-4", status: "oom", exit_code: 137, feedback: "Killed: over the 256 MiB memory limit." }),
  result({
    id: "reply-5",
    status: "test_failed",
    exit_code: 1,
    stdout: "x".repeat(40) + "\n",
    stderr: "AssertionError: expected 4, got 5\n",
    truncated: { stdout: true, stderr: false },
    feedback: "AssertionError: expected 4, got 5",
  }),
  result({
    id: "reply-6",
    status: "no_code",
    exit_code: null,
    duration_ms: 0,
    feedback: "The reply holds no python code block.",
  }),
  result({
    id: "fix.patch",
    status: "patch_failed",
    exit_code: null,
    duration_ms: 12,
    changed_files: ["src/a.py", "src/b.py", "src/c.py", "tests/test_a.py", "README.md"],
    patch_strategy: "git apply --3way",
    feedback: "error: patch failed: src/a.py:10",
  }),
  result({
    id: "reply-8",
    status: "sandbox_error",
    exit_code: null,
    duration_ms: 3,
    feedback: "image python:3.12-slim: pull failed",
  }),
];

export const SKIPPED: Skipped[] = [
  { id: "reply-21", source: "replies/reply-21.md", reason: "over the max-candidates quota of 20" },
  {
    id: "issuecomment-22",
    source: "https://github.com/acme/app/pull/7#issuecomment-22",
    url: "https://github.com/acme/app/pull/7#issuecomment-22",
    reason: "over the max-candidates quota of 20",
  },
];

export const HOSTILE: Result = result({
  id: "evil|id <b>x</b> `tick`\n\n[a](b) ![i](j) @someone",
  status: "test_failed",
  source: "javascript:alert(1)",
  url: "javascript:alert(1)",
  author: "@someone",
  stdout: [
    "</details>",
    "</pre>",
    "```",
    "<img src=x onerror=alert(1)>",
    "ping @someone and @org/team",
    "\x1b[31mred\x1b[0m \x1b]0;title\x07bell\x07 nul\x00 bidi\u202Eevil",
    "<script>alert(1)</script>",
    "| a | b |",
  ].join("\n"),
  stderr: "<!-- sandbox-gate:default -->\n~~~\n$x^2$\n",
  feedback: "**bold** _it_ <details><summary>x</summary> [link](https://evil.example) @someone",
  changed_files: ["a|b.py", "<img src=x>.py"],
  patch_strategy: "`sh`",
});

const PR_URL = "https://github.com/acme/app/pull/7";
/** A reply on the pull request, as the comments source and the pipeline make it. */
export function reply(n: number, fields: Partial<Result> & Pick<Result, "status">, author = "coder[bot]"): Result {
  const url = `${PR_URL}#issuecomment-${1000 + n}`;
  return result({ id: `comment-${1000 + n}`, source: url, url, author, ...fields });
}

const TRACEBACK = [
  "Traceback (most recent call last):",
  '  File "/work/test_solution.py", line 12, in test_add_floats',
  "    self.assertAlmostEqual(add(0.1, 0.2), 0.3, places=9, msg='add() must handle floats without losing precision beyond nine places')",
  "AssertionError: 0.30000000000000004 != 0.3 within 9 places : add() must handle floats without losing precision beyond nine places",
].join("\n");

/** An agent that learned from its feedback, then broke it again: fail, syntax error, pass, fail. */
export const CONVERSATION: Result[] = [
  reply(1, { status: "test_failed", duration_ms: 812, feedback: "carried", cached: true, stdout: "", stderr: "" }),
  reply(2, { status: "syntax_error", exit_code: 1, duration_ms: 230, cached: true, feedback: "carried" }),
  reply(3, { status: "pass", exit_code: 0, duration_ms: 405, cached: true }),
  reply(4, {
    status: "test_failed",
    exit_code: 1,
    duration_ms: 1210,
    stdout: "Ran 3 tests in 0.002s\n\nFAILED (failures=1)\n",
    stderr: `${TRACEBACK}\n`,
    feedback: TRACEBACK,
  }),
];

/** Three agents, twenty replies each, every status among them; the latest of each: pass, fail, ours. */
export const CROWD: Result[] = Array.from({ length: 60 }, (_, i) => {
  const author = ["agent-a[bot]", "agent-b[bot]", "agent-c[bot]"][i % 3]!;
  const last = i >= 57;
  const statuses = ["test_failed", "syntax_error", "timeout", "no_code", "oom", "pass"] as const;
  const status = last ? (["pass", "test_failed", "sandbox_error"] as const)[i - 57]! : statuses[i % statuses.length]!;
  const ran = status !== "no_code" && status !== "sandbox_error";
  return reply(
    i + 1,
    {
      status,
      exit_code: status === "pass" ? 0 : ran ? 1 : null,
      duration_ms: ran ? 300 + ((i * 37) % 900) : 0,
      cached: !last,
      stdout: last && status !== "sandbox_error" ? "test output line\n".repeat(4000) : "",
      stderr: last && status === "test_failed" ? `${TRACEBACK}\n` : "",
      feedback:
        status === "sandbox_error"
          ? "image python:3.12-slim: pull failed after 3 attempts: registry unreachable"
          : status === "pass"
            ? ""
            : last
              ? TRACEBACK
              : "carried",
    },
    author,
  );
});

/** The default fail-on: every status but pass. */
export const FAIL_ON: ReadonlySet<Status> = new Set([
  "no_code",
  "patch_failed",
  "syntax_error",
  "timeout",
  "oom",
  "test_failed",
  "sandbox_error",
]);

const CASES = {
  fixed: { id: "tests.test_stock::test_remove", name: "test_remove", classname: "tests.test_stock" },
  kept: { id: "tests.test_stock::test_add", name: "test_add", classname: "tests.test_stock" },
  legacy: { id: "tests.test_pricing::test_discount", name: "test_discount", classname: "tests.test_pricing" },
} as const;

/** Per-test results: patches held against the base, a flaky pass, a retry of ours, a results note. */
export const TESTED: Result[] = [
  result({
    id: "fix.patch",
    status: "pass",
    exit_code: 1,
    changed_files: ["inventory/stock.py"],
    patch_strategy: "exact",
    tests: {
      counts: { passed: 2, failed: 1, error: 0, skipped: 0 },
      cases: [
        { ...CASES.fixed, status: "passed" },
        { ...CASES.kept, status: "passed" },
        {
          ...CASES.legacy,
          status: "failed",
          file: "tests/test_pricing.py",
          line: 11,
          message: "AssertionError: 115.0 != 85.0",
        },
      ],
    },
    compare: {
      fail_to_pass: [CASES.fixed.id],
      pass_to_pass: [CASES.kept.id],
      pass_to_fail: [],
      fail_to_fail: [CASES.legacy.id],
      new_failing: [],
      new_passing: [],
    },
  }),
  result({
    id: "breaks.patch",
    status: "test_failed",
    changed_files: ["inventory/stock.py"],
    patch_strategy: "exact",
    feedback: "The tests failed (the test command exited with code 1): 2 of 3 tests failed.",
    tests: {
      counts: { passed: 1, failed: 2, error: 0, skipped: 0 },
      cases: [
        { ...CASES.fixed, status: "passed" },
        {
          ...CASES.kept,
          status: "failed",
          file: "tests/test_stock.py",
          line: 7,
          message: "AssertionError: 2 != 3\n<and a | pipe> @team",
        },
        { ...CASES.legacy, status: "failed", message: "AssertionError: 115.0 != 85.0" },
      ],
    },
    compare: {
      fail_to_pass: [CASES.fixed.id],
      pass_to_pass: [],
      pass_to_fail: [CASES.kept.id],
      fail_to_fail: [CASES.legacy.id],
      new_failing: [],
      new_passing: [],
    },
  }),
  result({
    id: "flaky.md",
    status: "pass",
    flaky: true,
    attempts: [
      { status: "test_failed", duration_ms: 300 },
      { status: "pass", duration_ms: 280 },
    ],
    tests: {
      counts: { passed: 1, failed: 0, error: 0, skipped: 1 },
      cases: [
        { id: "t::sometimes", name: "sometimes", status: "passed", flaky: true },
        { id: "t::later", name: "later", status: "skipped" },
      ],
    },
  }),
  result({
    id: "retried.md",
    status: "test_failed",
    retried: true,
    feedback: "The tests did not pass: no test ran: the command wrote no file matching report.xml.",
    notes: ["retried once in a fresh container after a failure of ours: the container did not start"],
  }),
];

export const TESTED_BASE = {
  status: "test_failed" as const,
  exit_code: 1,
  duration_ms: 900,
  tests: {
    counts: { passed: 1, failed: 2, error: 0, skipped: 0 },
    cases: [
      { ...CASES.fixed, status: "failed" as const },
      { ...CASES.kept, status: "passed" as const },
      { ...CASES.legacy, status: "failed" as const },
    ],
  },
};
