// Django's test runner (unittest's verbose lines, `./tests/runtests.py --verbosity 2`), read as SWE-bench's
// harness reads it (parse_log_django): `test_a (app.tests.T) ... ok` passes, `... skipped` skips,
// `... FAIL` and `FAIL: test_a …` fail, `... ERROR` and `ERROR: test_a …` are errors (the latter keyed by
// their second word alone, as the harness keys them), a line beginning `ok` passes the last test a ` ... `
// line named (its output came in between), and three outputs Django is known to interleave before the `ok`
// are read across the line break. The runner's own count: `Ran N tests`, less the skips of the `OK` or
// `FAILED (…)` line after it. Our own code, written from how the harness decides. Pure.
import type { ResultsParser } from "../parser.js";
import { type Observation, logLines, logParser, pySplit, pyStrip } from "./log.js";

const PASS_SUFFIXES = [" ... ok", " ... OK", " ...  OK"];
const VERSION_TEST = "--version is equivalent to version";
// A test name that django__django-7188's output runs into a migration line (the harness's exception).
const MIGRATION_PREFIX = "Applying sites.0002_alter_domain_unique...test_no_migrations";

function lineObservations(raw: string, prev: { test?: string }): Observation[] {
  let line = pyStrip(raw);
  const seen: Observation[] = [];
  if (line.includes(VERSION_TEST)) seen.push({ id: VERSION_TEST, status: "PASSED" });
  if (line.includes(" ... ")) prev.test = line.split(" ... ")[0]!;
  const suffix = PASS_SUFFIXES.find((s) => line.endsWith(s));
  if (suffix !== undefined) {
    if (line.startsWith(MIGRATION_PREFIX)) line = pyStrip(line.slice(line.indexOf("...") + 3));
    seen.push({ id: line.slice(0, line.lastIndexOf(suffix)), status: "PASSED" });
  }
  if (line.includes(" ... skipped")) seen.push({ id: line.split(" ... skipped")[0]!, status: "SKIPPED" });
  if (line.endsWith(" ... FAIL")) seen.push({ id: line.split(" ... FAIL")[0]!, status: "FAILED" });
  const second = pySplit(line)[1];
  if (line.startsWith("FAIL:") && second !== undefined) seen.push({ id: second, status: "FAILED" });
  if (line.endsWith(" ... ERROR")) seen.push({ id: line.split(" ... ERROR")[0]!, status: "ERROR" });
  if (line.startsWith("ERROR:") && second !== undefined) seen.push({ id: second, status: "ERROR" });
  if (line.startsWith("ok") && prev.test !== undefined) seen.push({ id: prev.test, status: "PASSED" });
  return seen;
}

// The three interleavings the harness reads across a line break: the test's line, then `ok` alone. Python's
// `\s` and `.` (any character but a newline, a carriage return included), not JavaScript's.
const S = "[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const TESTING_AGAINST = new RegExp(`^([^\\n]*?)${S}\\.\\.\\.${S}Testing against Django installed in `);
const SERVER_ERROR = new RegExp(`^([^\\n]*?)${S}\\.\\.\\.${S}Internal Server Error: /([^\\n]*)/$`);
const NO_ISSUES = new RegExp(`^([^\\n]*?)${S}\\.\\.\\.${S}System check identified no issues \\(0 silenced\\)$`);
const TESTING_END = " silenced).";

/**
 * The harness's three multi-line patterns, in its order, each over the whole log: a match begins at a line
 * that names the test, and the next match is looked for after its `ok`. The first pattern's middle spans
 * any number of lines, up to the first line ending ` silenced).` that is followed by `ok` alone: found by
 * one pass over the lines rather than by a lazy regular expression over the text, whose cost a log that
 * repeats the opening without its end could make quadratic.
 */
function interleaved(lines: readonly string[]): Observation[] {
  const seen: Observation[] = [];
  // Each line that ends the first pattern's span, in order.
  const ends = lines.flatMap((line, i) => (line.endsWith(TESTING_END) && lines[i + 1] === "ok" ? [i] : []));
  let after = 0;
  for (let i = 0, e = 0; i < lines.length; i++) {
    if (i < after) continue;
    const opening = TESTING_AGAINST.exec(lines[i]!);
    if (!opening) continue;
    // The span may end on the opening line itself, after the phrase.
    const endsHere = lines[i]!.slice(opening[0].length).endsWith(TESTING_END);
    while (e < ends.length && (ends[e]! < i || (ends[e] === i && !endsHere))) e++;
    const end = ends[e];
    if (end === undefined) break;
    seen.push({ id: opening[1]!, status: "PASSED" });
    after = end + 2;
  }
  // Each pattern only on a line that ends as it must: the test, bounded by a suffix, stays linear in the line.
  for (const [pattern, end] of [
    [SERVER_ERROR, "/"],
    [NO_ISSUES, "System check identified no issues (0 silenced)"],
  ] as const) {
    for (let i = 0; i + 1 < lines.length; i++) {
      const test = lines[i]!.endsWith(end) ? pattern.exec(lines[i]!)?.[1] : undefined;
      if (test !== undefined && lines[i + 1] === "ok") {
        seen.push({ id: test, status: "PASSED" });
        i++;
      }
    }
  }
  return seen;
}

const RAN = /^Ran (\d+) tests? in \d+(?:\.\d+)?s$/;
const OUTCOME = /^(?:OK|FAILED)(?: \((.*)\))?$/;

/** Per `Ran N tests` line, N less the skips its outcome line reports. */
function counted(lines: readonly string[]): number[] {
  const counts: number[] = [];
  lines.forEach((line, i) => {
    const ran = RAN.exec(line.trim())?.[1];
    if (ran === undefined) return;
    const outcome = lines
      .slice(i + 1, i + 4)
      .map((l) => OUTCOME.exec(l.trim()))
      .find(Boolean);
    const skipped = /(?:^|, )skipped=(\d+)/.exec(outcome?.[1] ?? "")?.[1];
    counts.push(Math.max(0, Number(ran) - Number(skipped ?? 0)));
  });
  return counts;
}

export const django: ResultsParser = logParser("Django's test runner output", (text) => {
  const lines = logLines(text);
  const prev: { test?: string } = {};
  const observations = lines.flatMap((line) => lineObservations(line, prev));
  return { observations: [...observations, ...interleaved(lines)], counted: counted(lines) };
});
