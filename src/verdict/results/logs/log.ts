// What every log format shares: the statuses SWE-bench's harness reads off a test runner's output, the
// Python `str.split()` its parsers split lines with, and the one decision over what a log claims, where we
// read a candidate-written log more warily than the harness does (docs/judging.md, "Log formats"):
//
// - A test reported failed or errored anywhere stays failed, whatever else the log says of it: the harness
//   keeps the last line it reads for a test, so a "passed" line printed after the runner's own failure
//   turned it green. An honest runner never reports a failing test passed later (pytest's teardown error
//   comes after its PASSED, and wins there as here).
// - What the runner's own summary block says of a test wins over what lines outside it say; a pass read
//   after pytest's final count line is not believed (pytest.ts).
// - The passes a log claims are believed only up to what the runner itself counted in its final count
//   lines (pytest's `N passed`, unittest's `Ran N tests`, sympy's `tests finished: N passed`), summed over
//   every count line (a command may run the runner twice; pytest's own tests print inner sessions). A log
//   that claims more, or that was cut before it could be checked, fails the run: its passes are not listed.
//
// Pure.
import { caseId, type CaseStatus, type ParsedFile, type ResultsParser, type TestCase } from "../parser.js";

/** The statuses SWE-bench's harness reads (its TestStatus), by the word a log line carries. */
export const LOG_STATUSES = ["FAILED", "PASSED", "SKIPPED", "ERROR", "XFAIL"] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];

export function isLogStatus(word: string | undefined): word is LogStatus {
  return (LOG_STATUSES as readonly string[]).includes(word ?? "");
}

// A line that begins or ends with a status word, as the harness's `startswith`/`endswith` test it: a
// longer word that begins with one (`PASSEDX`) matches too, and each reader decides what that names.
export const STARTS_WITH_STATUS = new RegExp(`^(${LOG_STATUSES.join("|")})`);
export const ENDS_WITH_STATUS = new RegExp(`(${LOG_STATUSES.join("|")})$`);

/** One thing a log says of one test, in the order the log says it. */
export interface Observation {
  /** The test's id, exactly as SWE-bench's parser keys it (and its FAIL_TO_PASS lists name it). */
  id: string;
  status: LogStatus;
  /** Said inside the runner's own summary block (pytest's `short test summary info`). */
  summary?: boolean;
  /** What the runner said of a failure on the same line, if anything. */
  message?: string;
}

/** What a format reads off a log: what it says of each test, and what the runner itself counted. */
export interface LogReading {
  observations: Observation[];
  /** The passes each of the runner's own count lines reports; empty when the log holds none. */
  counted: number[];
  /** What the reader must know of what was not believed, never more of the log than a test's id. */
  notes?: string[];
}

// Python's str.split() with no argument: runs of whitespace as Python counts it (the ASCII separators
// 0x1c–0x1f and NEL among them, unlike JavaScript's \s; U+FEFF not, unlike \s), ends trimmed. Ids are
// keyed as the harness splits them.
const PY_SPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
const PY_TRIM =
  /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

export function pySplit(line: string): string[] {
  const trimmed = pyStrip(line);
  return trimmed === "" ? [] : trimmed.split(PY_SPACE);
}

/** Python's str.strip() with no argument. */
export function pyStrip(line: string): string {
  return line.replace(PY_TRIM, "");
}

/** A log's lines as the harness splits them: on "\n" only. */
export function logLines(text: string): string[] {
  return text.split("\n");
}

const MAX_MESSAGE = 2_000;

const CASE_STATUS: Record<LogStatus, CaseStatus> = {
  PASSED: "passed",
  // The harness grades an expected failure that failed as passed (grading.py's test_passed).
  XFAIL: "passed",
  SKIPPED: "skipped",
  FAILED: "failed",
  ERROR: "error",
};

const failing = (status: LogStatus): boolean => status === "FAILED" || status === "ERROR";

/** Each id's status: failed anywhere stays failed (the last failure said); else the summary's word; else the last. */
export function decide(observations: readonly Observation[]): Map<string, Observation> {
  const by = new Map<string, Observation>();
  for (const seen of observations) {
    const held = by.get(seen.id);
    if (held && failing(held.status) && !failing(seen.status)) continue;
    if (held?.summary && !seen.summary && !failing(seen.status)) continue;
    by.set(seen.id, seen);
  }
  return by;
}

/**
 * A case's fields whose caseId() is the id exactly: a pytest node id (`tests/test_x.py::TestA::test_b[1-2]`)
 * as its file, class and name (the parameters kept whole, whatever `::` they hold); any other id (Django's
 * `test_a (app.tests.T)`, sympy's `test_a`) as its name alone.
 */
export function caseFields(id: string): Pick<TestCase, "file" | "classname" | "name"> {
  const bracket = id.indexOf("[");
  const path = bracket === -1 ? id : id.slice(0, bracket);
  const parts = path.split("::");
  if (parts.length >= 2 && parts[0]!.endsWith(".py")) {
    const name = `${parts.at(-1)!}${bracket === -1 ? "" : id.slice(bracket)}`;
    const classname = parts.slice(1, -1).join("::");
    const fields = { file: parts[0]!, ...(classname && { classname }), name };
    if (caseId(fields) === id) return fields;
  }
  return { name: id };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A log format over `read`: the decision above applied to what `read` finds, bounded to `keep` cases listed. */
export function logParser(format: string, read: (text: string) => LogReading): ResultsParser {
  return {
    format,
    reads: "log",
    parse: (data, keep, cut = false) => readLog(Buffer.from(data).toString("utf8"), keep, cut, read),
  };
}

function readLog(text: string, keep: number, cut: boolean, read: (text: string) => LogReading): ParsedFile {
  const { observations, counted, notes = [] } = read(text);
  const decided = [...decide(observations).values()];
  const passes = decided.filter((o) => CASE_STATUS[o.status] === "passed").length;
  const runnerCount = counted.reduce((sum, n) => sum + n, 0);
  let untrusted: string | undefined;
  if (passes > 0 && cut)
    untrusted = `the output was cut before the test runner's own count, so the ${plural(passes, "passing test")} it claims cannot be checked and are not believed`;
  else if (counted.length > 0 && passes > runnerCount)
    untrusted = `the output claims ${plural(passes, "passing test")}, but the test runner itself counted ${runnerCount}: lines in it that the runner did not write, so none of its passes are believed`;
  const kept = untrusted ? decided.filter((o) => CASE_STATUS[o.status] !== "passed") : decided;
  const counts = { passed: 0, failed: 0, error: 0, skipped: 0 };
  const cases: TestCase[] = [];
  for (const o of kept) {
    const status = CASE_STATUS[o.status];
    counts[status]++;
    if (cases.length >= keep) continue;
    const fields = caseFields(o.id);
    const message =
      o.status === "XFAIL"
        ? "expected to fail, and failed (xfail): graded as passed, as SWE-bench grades it"
        : o.message?.slice(0, MAX_MESSAGE);
    cases.push({ id: caseId(fields), ...fields, status, ...(message && { message }) });
  }
  const all = [...notes, ...(untrusted ? [untrusted] : [])];
  return { tests: { counts, cases }, ...(untrusted && { untrusted }), ...(all.length > 0 && { notes: all }) };
}
