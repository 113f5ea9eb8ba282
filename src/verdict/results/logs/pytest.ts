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
import {
  type LogReading,
  type LogStatus,
  type Observation,
  STARTS_WITH_STATUS,
  isLogStatus,
  logLines,
  logParser,
  pySplit,
} from "./log.js";

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

interface ScannedLine {
  line: string;
  /** It stands in the runner's short summary block. */
  summary: boolean;
  /** It comes after the runner's last count line: pytest writes nothing there. */
  after: boolean;
}

/** A log's lines, each with whether it stands in the runner's short summary or after its last count, and the runner's counts. */
export function pytestScan(text: string): { lines: ScannedLine[]; counted: number[] } {
  const lines: ScannedLine[] = [];
  const counted: number[] = [];
  let summary = false;
  let last = -1;
  for (const line of logLines(text)) {
    const plain = line.replace(ANSI, "").trim();
    const passes = countedPasses(plain);
    if (passes !== undefined) {
      counted.push(passes);
      summary = false;
      last = lines.length;
    } else if (SUMMARY_HEADER.test(plain)) summary = true;
    else if (SECTION.test(plain)) summary = false;
    lines.push({ line, summary, after: false });
  }
  for (let i = last + 1; last >= 0 && i < lines.length; i++) lines[i]!.after = true;
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
  const status = STARTS_WITH_STATUS.exec(line)?.[1];
  if (status === undefined) return undefined;
  const words = pySplit(status === "FAILED" ? line.replaceAll(" - ", " ") : line);
  if (words.length <= 1 || !isLogStatus(words[0]) || isSkipSummary(words[0], words[1]!)) return undefined;
  const message = messageOf(line, words[0]);
  return { id: rename(words[1]!), status: words[0], ...(message && { message }) };
}

const passing = (o: Observation): boolean => o.status === "PASSED" || o.status === "XFAIL";

/**
 * A log read line by line with `readLine`, with the pytest family's summary block and counts. A pass read
 * after the runner's last count line is not the runner's (pytest writes nothing after it; an `atexit` hook
 * of the candidate's can), and is not believed.
 */
export function pytestFamily(
  text: string,
  readLine: (line: string) => Omit<Observation, "summary"> | undefined,
): LogReading {
  const { lines, counted } = pytestScan(text);
  const observations: Observation[] = [];
  const late: string[] = [];
  for (const { line, summary, after } of lines) {
    const read = readLine(line);
    if (!read) continue;
    if (after && passing(read)) late.push(read.id);
    else observations.push({ ...read, ...(summary && { summary }) });
  }
  if (late.length === 0) return { observations, counted };
  const ids = [...new Set(late)];
  const shown = `${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", …" : ""}`;
  const note = `${ids.length === 1 ? "a pass" : `${ids.length} passes`} read after pytest's own final count, where pytest writes nothing, not believed: ${shown}`;
  return { observations, counted, notes: [note] };
}

export const pytest: ResultsParser = logParser("pytest's output", (text) =>
  pytestFamily(text, (line) => pytestLine(line)),
);
