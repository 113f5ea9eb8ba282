// Why a candidate failed, in the fewest words a maintainer can act on: which tests failed and the first
// line each one said. From the test results when the run wrote them (`test-results`; with `compare`, only
// the tests the candidate is blamed for, core/tests.ts), else read off the test runner's output: pytest's
// short summary, unittest's FAIL/ERROR blocks, TAP's `not ok`, or a bare traceback. Pure; the text is
// untrusted, and the renderers escape it.
import { failingCases } from "../core/tests.js";
import type { Result } from "../core/model.js";

export interface Failure {
  /** The test's id (`test_calc.py::test_fizz`), when the output or the results name one. */
  name?: string;
  /** Where the test is (`tests/test_calc.py:12`), when the results say. */
  where?: string;
  /** The first line it said: the assertion or the error. */
  message?: string;
}

export interface Failures {
  /** The first `max` failures, in the order the run reported them. */
  shown: Failure[];
  /** How many failures there are in all (at least `shown.length`). */
  total: number;
}

// An exception's line, as Python, Node and most runners print it: `AssertionError: …`, `KeyError: 'x'`.
const EXCEPTION = /^(?:[A-Za-z_][\w.]*)?(?:Error|Exception|Failure|Exit|Interrupt|Iteration)\b(?: \[\w+\])?(?::.*)?$/;
// pytest's explanation lines under a failing test: `E   assert 'nope' == 'Fizz'`.
const PYTEST_E = /^E {2,}(\S.*)$/;
const PYTEST_SUMMARY = /^(?:FAILED|ERROR) (\S+)(?: - (.*))?$/;
const UNITTEST_HEAD = /^(?:FAIL|ERROR): (\S+) \(([^)]*)\)/;
const TAP_NOT_OK = /^\s*not ok \d+ - (.+?)(?:\s+#.*)?$/;
const TAP_ERROR = /^\s*error: ['"]?(.*?)['"]?$/;
const FRAME = /^\s*File "[^"]*", line \d+, in (\w+)/;
const SEPARATOR = /^(?:={20,}|-{20,})$/;

/** The failures of `r`, the first `max` of them. Empty for a status that ran no tests (the caller says why). */
export function failuresOf(r: Pick<Result, "tests" | "compare" | "stdout" | "stderr">, max: number): Failures {
  if (r.tests) {
    const { held } = failingCases(r);
    const shown = held.slice(0, max).map((c) => ({
      name: c.id,
      ...(c.file && { where: c.line ? `${c.file}:${c.line}` : c.file }),
      ...(firstLine(c.message) && { message: firstLine(c.message) }),
    }));
    return { shown, total: held.length };
  }
  // Both streams: pytest and TAP write to stdout, unittest and a bare traceback to stderr.
  const lines = `${r.stdout}\n${r.stderr}`.split("\n");
  for (const read of [pytestSummary, unittestBlocks, tapFailures, traceback]) {
    const found = read(lines);
    if (found.length > 0) return { shown: found.slice(0, max), total: found.length };
  }
  const message = lines.map(errorLine).find((m) => m !== undefined);
  return message ? { shown: [{ message }], total: 1 } : { shown: [], total: 0 };
}

/** The first line of `text` that says anything, trimmed; undefined when none does. */
export function firstLine(text: string | undefined): string | undefined {
  return text
    ?.split("\n")
    .find((l) => l.trim() !== "")
    ?.trim();
}

/** `AssertionError: …` or pytest's `E   assert …` as the line says it; undefined for any other line. */
function errorLine(line: string): string | undefined {
  const e = PYTEST_E.exec(line);
  if (e) return e[1]!.trim();
  return EXCEPTION.test(line) ? line.trim() : undefined;
}

// `FAILED test_calc.py::test_fizz - AssertionError: assert 'nope' == 'Fizz'`; pytest cuts the message at
// the terminal's width (`…0.30000000000...`): then the test's own section says it whole (its first `E` line).
function pytestSummary(lines: string[]): Failure[] {
  let sections: Map<string, string> | undefined;
  return lines.flatMap((line) => {
    const m = PYTEST_SUMMARY.exec(line);
    if (!m || !m[1]!.includes("::")) return [];
    let message = m[2]?.trim();
    if (message === undefined || message.endsWith("...")) {
      sections ??= pytestSections(lines);
      message = sections.get(m[1]!.split("::").slice(1).join(".")) ?? message;
    }
    return [{ name: m[1]!, ...(message && { message }) }];
  });
}

/** pytest's failure sections (`____ TestAdd.test_add ____`), each title with its first `E` line. */
function pytestSections(lines: string[]): Map<string, string> {
  const first = new Map<string, string>();
  let title: string | undefined;
  for (const line of lines) {
    const head = /^_{3,} (.+?) _{3,}$/.exec(line);
    if (head) title = head[1];
    const e = PYTEST_E.exec(line);
    if (title !== undefined && e && !first.has(title)) first.set(title, e[1]!.trim());
  }
  return first;
}

// `FAIL: test_add (test_solution.TestAdd.test_add)`, then a traceback whose exception line is the message.
function unittestBlocks(lines: string[]): Failure[] {
  return lines.flatMap((line, i) => {
    const m = UNITTEST_HEAD.exec(line);
    if (!m) return [];
    const qualified = m[2]!.endsWith(`.${m[1]}`) ? m[2]! : `${m[2]}.${m[1]}`;
    return [{ name: qualified, ...messageAfter(lines, i + 1, UNITTEST_HEAD) }];
  });
}

// node --test and other TAP producers: `not ok 3 - adds floats`, then `error: '…'` in its YAML block.
function tapFailures(lines: string[]): Failure[] {
  return lines.flatMap((line, i) => {
    const m = TAP_NOT_OK.exec(line);
    if (!m) return [];
    const end = lines.findIndex((l, j) => j > i && /^\s*(?:not )?ok \d+/.test(l));
    const block = lines.slice(i + 1, end === -1 ? undefined : end);
    const said = block
      .map((l, j) => {
        const error = TAP_ERROR.exec(l)?.[1];
        // YAML's block scalar (`error: |-`): the message is on the lines below.
        return error !== undefined && /^[|>][-+]?$/.test(error) ? block[j + 1]?.trim() : (error ?? errorLine(l));
      })
      .find((said) => said !== undefined && said !== "");
    return [{ name: m[1]!.trim(), ...(said && { message: said }) }];
  });
}

// A bare traceback (`python3 test_x.py` with asserts): the innermost test frame, and its exception line.
function traceback(lines: string[]): Failure[] {
  const failures: Failure[] = [];
  let test: string | undefined;
  for (const line of lines) {
    const frame = FRAME.exec(line);
    if (frame) {
      if (frame[1]!.startsWith("test")) test = frame[1];
      continue;
    }
    if (test !== undefined && EXCEPTION.test(line)) {
      failures.push({ name: test, message: line.trim() });
      test = undefined;
    }
  }
  return failures;
}

/** The first error line after `from`, before the next block (its `head`) or a separator line. */
function messageAfter(lines: string[], from: number, head: RegExp): { message?: string } {
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if (head.test(line) || (SEPARATOR.test(line) && i > from + 1 && lines[i - 1]!.trim() === "")) break;
    const said = errorLine(line);
    if (said) return { message: said };
  }
  return {};
}
