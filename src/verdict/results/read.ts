// Results files, whatever their format, read into one run's per-test results: each file bounded in size,
// the cases listed bounded in number, and what could not be read a note naming the file. Pure.
import type { ResultsParser, TestCase, TestResults } from "./parser.js";

/** A results file larger than this is not read: JUnit of a large suite is a few MB. */
export const MAX_RESULTS_FILE_BYTES = 8 * 1024 * 1024;
/** Cases kept per run; a suite larger than this is counted in full but listed in part. */
export const MAX_CASES = 10_000;

export interface ReadResults {
  tests: TestResults;
  /** What could not be read, by file; empty when every file was read whole. */
  notes: string[];
}

/** Every case of the given files, in file order; a file that is too large or not of the format is a note. */
export function readTestResults(
  files: ReadonlyArray<{ path: string; data: Uint8Array }>,
  parser: ResultsParser,
): ReadResults {
  const cases: TestCase[] = [];
  const counts = { passed: 0, failed: 0, error: 0, skipped: 0 };
  const notes: string[] = [];
  for (const { path, data } of files) {
    if (data.byteLength > MAX_RESULTS_FILE_BYTES) {
      notes.push(
        `${path}: ${data.byteLength} bytes, more than the ${MAX_RESULTS_FILE_BYTES} read of a results file; not read`,
      );
      continue;
    }
    const { tests, problem } = parser.parse(data, MAX_CASES - cases.length);
    cases.push(...tests.cases);
    for (const status of ["passed", "failed", "error", "skipped"] as const) counts[status] += tests.counts[status];
    if (problem !== undefined)
      notes.push(`${path}: not readable as ${parser.format} (${problem}); the cases before the problem are kept`);
  }
  const total = counts.passed + counts.failed + counts.error + counts.skipped;
  if (total > cases.length) notes.push(`${total} test cases; the first ${cases.length} are listed`);
  return { tests: { counts, cases }, notes };
}
