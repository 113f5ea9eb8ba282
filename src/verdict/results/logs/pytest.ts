// pytest's report lines, read as SWE-bench's harness reads them (swebench/harness/log_parsers/python.py,
// parse_log_pytest; the harness also names it for astroid, flask, marshmallow, pvlib, pyvista, sqlfluff and
// xarray): a line that begins with a status word (`PASSED tests/test_x.py::test_a`, as `pytest -rA` writes
// its short summary) names the test in its second word; a FAILED line's ` - message` is dropped; pytest's
// `SKIPPED [N] file:line: reason` summary is not a test. Our own code, written from how the harness decides.
//
// Here too, the pytest family's common reading of the runner's own structure: its `short test summary
// info` block (what it says wins over lines outside it) and its final count lines (`=== 3 passed, 1 failed
// in 0.12s ===`: how many passes the runner itself counted). Pure.
import type { ResultsParser } from "../parser.js";
import { type LogReading, type LogStatus, type Observation, isLogStatus, logLines, logParser, pySplit } from "./log.js";

const ANSI = /\x1b\[[0-9;]*m/g;
const SUMMARY_HEADER = /^=+ short test summary info =+$/;
const SECTION = /^=+ .* =+$/;
// `=== 3 passed, 1 failed, 2 warnings in 0.12s ===`, `1 passed in 0.01 seconds` (older pytest), `no tests
// ran in 0.01s`, with -q without the rule, `(0:01:02)` after the time on long runs.
const COUNT_LINE =
  /^(?:=+ )?((?:\d+ [a-z]+(?: [a-z]+)?, )*\d+ [a-z]+(?: [a-z]+)?|no tests ran) in \d+(?:\.\d+)? ?s(?:econds)?(?: \([^)]*\))?(?: =+)?$/;

/** The passes a count line reports (an expected failure that failed is graded as a pass), or undefined when it is none. */
export function countedPasses(line: string): number | undefined {
  const body = COUNT_LINE.exec(line.replace(ANSI, "").trim())?.[1];
  if (body === undefined) return undefined;
  let passes = 0;
  for (const item of body.split(", ")) {
    const [, n, what] = /^(\d+) (.+)$/.exec(item) ?? [];
    if (what === "passed" || what === "xfailed") passes += Number(n);
  }
  return passes;
}

const SESSION_START = /^=+ test session starts =+$/;

interface ScannedLine {
  line: string;
  /** It stands in the runner's short summary block. */
  summary: boolean;
  /** Which of the runner's sessions it belongs to (a new one at each `test session starts`). */
  session: number;
}

/** A log's lines, each with whether it stands in the runner's short summary and its session, and the runner's counts. */
export function pytestScan(text: string): { lines: ScannedLine[]; counted: number[] } {
  const lines: ScannedLine[] = [];
  const counted: number[] = [];
  let summary = false;
  let session = 0;
  for (const line of logLines(text)) {
    const plain = line.replace(ANSI, "").trim();
    const passes = countedPasses(plain);
    if (passes !== undefined) {
      counted.push(passes);
      summary = false;
    } else if (SUMMARY_HEADER.test(plain)) summary = true;
    else if (SESSION_START.test(plain)) {
      session++;
      summary = false;
    } else if (SECTION.test(plain)) summary = false;
    lines.push({ line, summary, session });
  }
  return { lines, counted };
}

/** pytest's `SKIPPED [N] file:line: reason`: [N] is a count of skips, not a test (the harness's _is_skip_summary). */
export function isSkipSummary(status: string, name: string): boolean {
  return status === "SKIPPED" && /^\[\d+\]$/.test(name);
}

/** What follows a FAILED or ERROR line's first ` - `: the runner's one-line reason. */
export function messageOf(line: string, status: LogStatus): string | undefined {
  if (status !== "FAILED" && status !== "ERROR") return undefined;
  const at = line.indexOf(" - ");
  return at === -1 ? undefined : line.slice(at + 3).trim() || undefined;
}

/**
 * parse_log_pytest's reading of one line, `rename` applied to the id (the options parser's); undefined when
 * the line names no test. A first word that begins with a status word but is none (`PASSEDX`) names
 * nothing here: the harness keys it with a status it grades neither passed nor failed.
 */
export function pytestLine(
  line: string,
  rename: (id: string) => string = (id) => id,
): Omit<Observation, "summary"> | undefined {
  const status = /^(FAILED|PASSED|SKIPPED|ERROR|XFAIL)/.exec(line)?.[1];
  if (status === undefined) return undefined;
  const words = pySplit(status === "FAILED" ? line.replaceAll(" - ", " ") : line);
  if (words.length <= 1 || !isLogStatus(words[0]) || isSkipSummary(words[0], words[1]!)) return undefined;
  const message = messageOf(line, words[0]);
  return { id: rename(words[1]!), status: words[0], ...(message && { message }) };
}

const passing = (o: Observation): boolean => o.status === "PASSED" || o.status === "XFAIL";

/**
 * A log read line by line with `readLine`, with the pytest family's summary block and counts. A session whose
 * summary lists its passes (`-rA`) names every test that passed there: a pass read outside it in that session
 * (a line in a test's captured output, one printed after the count) is not the runner's, and not believed.
 */
export function pytestFamily(
  text: string,
  readLine: (line: string) => Omit<Observation, "summary"> | undefined,
): LogReading {
  const { lines, counted } = pytestScan(text);
  const seen: Array<{ observation: Observation; session: number }> = [];
  for (const { line, summary, session } of lines) {
    const read = readLine(line);
    if (read) seen.push({ observation: { ...read, ...(summary && { summary }) }, session });
  }
  const listed = seen.filter(({ observation: o }) => o.summary && passing(o));
  const listing = new Set(listed.map(({ session }) => session));
  // Noted: the ones the summary does not name at all (a failure it names is already one).
  const named = new Set(seen.filter(({ observation: o }) => o.summary).map(({ observation }) => observation.id));
  const outside = new Set(
    seen.filter(({ observation: o, session }) => listing.has(session) && !o.summary && passing(o)),
  );
  const observations = seen.filter((s) => !outside.has(s)).map(({ observation }) => observation);
  const unlisted = [...new Set([...outside].map(({ observation }) => observation.id))].filter((id) => !named.has(id));
  if (unlisted.length === 0) return { observations, counted };
  const shown = `${unlisted.slice(0, 5).join(", ")}${unlisted.length > 5 ? ", …" : ""}`;
  const note = `${unlisted.length === 1 ? "a pass" : `${unlisted.length} passes`} read outside pytest's short test summary, which lists every pass, not believed: ${shown}`;
  return { observations, counted, notes: [note] };
}

export const pytest: ResultsParser = logParser("pytest's output", (text) =>
  pytestFamily(text, (line) => pytestLine(line)),
);
