// The `test-results` globs, both ways: widened into `find -path` patterns the driver looks for in the
// sandbox, and applied as themselves to what came back, which is then read in the `results-format`
// selected (formats.ts); or, for a log format, the command's own output read by its parser. Pure.
import { minimatch } from "minimatch";
import type { RunFacts } from "../../core/model.js";
import { untar } from "../../core/tar/unpack.js";
import { MAX_CASES, MAX_RESULTS_FILE_BYTES, readTestResults } from "./read.js";
import type { ResultsParser, TestResults } from "./parser.js";

export interface ResultsReading {
  /** Absent when no file matched: no test ran, as far as the gate can tell. */
  tests?: TestResults;
  /** What could not be read, for the report and the reader; never the files' text. */
  notes: string[];
  /** Why the passes read are not believed (a log format's check, logs/log.ts): the run fails. */
  untrusted?: string;
}

/**
 * What the driver's `find -path` looks for: a superset of each glob. find's `*` crosses `/`, so `**`
 * (and the `/` after it, which may match nothing) becomes `*`, and a `{a,b}` choice becomes `*`; the
 * globs themselves then pick from what came back.
 */
export function findPatterns(globs: readonly string[]): string[] {
  return globs.map((glob) =>
    glob
      .replace(/\{[^}]*\}/g, "*")
      .replace(/\*\*\//g, "*")
      .replace(/\*\*/g, "*"),
  );
}

const MIB = 1024 ** 2;

/** The run's results' tar, filtered by the globs and read by `parser`. */
export function readResults(
  results: RunFacts["results"],
  globs: readonly string[],
  parser: ResultsParser,
): ResultsReading {
  if (!results) return { notes: ["the command's test results did not come back (the run was stopped)"] };
  const { files, notes } = untar(results.bytes);
  if (results.truncated)
    notes.push(
      `the test results were cut at ${Math.round(results.bytes.length / MIB)} MiB; the files past that were not read`,
    );
  const matching = files.filter((file) => globs.some((glob) => minimatch(file.path, glob, { dot: true })));
  if (matching.length === 0) return { notes };
  const read = readTestResults(matching, parser);
  return { tests: read.tests, notes: [...notes, ...read.notes] };
}

/** The command's output (RunFacts.log) read by a log format's parser; absent when the run kept none (it was stopped). */
export function readLogResults(log: RunFacts["log"], parser: ResultsParser): ResultsReading {
  if (!log) return { notes: ["the command's output did not come back (the run was stopped)"] };
  const { tests, problem, notes = [], untrusted } = parser.parse(log.bytes, MAX_CASES, log.truncated);
  const all = [
    ...(log.truncated
      ? [`the output was cut at ${Math.round(MAX_RESULTS_FILE_BYTES / MIB)} MiB; tests past that were not read`]
      : []),
    ...(problem === undefined ? [] : [`the output is not readable as ${parser.format} (${problem})`]),
    ...notes,
  ];
  const total = tests.counts.passed + tests.counts.failed + tests.counts.error + tests.counts.skipped;
  if (total > tests.cases.length) all.push(`${total} test cases; the first ${tests.cases.length} are listed`);
  return { tests, notes: all, ...(untrusted !== undefined && { untrusted }) };
}
