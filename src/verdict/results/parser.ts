// What every test-results format is read into, and the one interface a format's reader implements: JUnit
// files the command writes, or a test runner's own output (logs/, as SWE-bench's harness reads it). What
// is read comes out of the sandbox, so it is untrusted: a reader bounds what it keeps and turns what it
// cannot read into a problem, never a crash. Pure.
import type { Result } from "../../core/model.js";

export type TestResults = NonNullable<Result["tests"]>;
export type TestCase = TestResults["cases"][number];
export type CaseStatus = TestCase["status"];

/** One file's (or one log's) cases as far as they could be read. */
export interface ParsedFile {
  tests: TestResults;
  /** Why the reading stopped before the end, in one line that never quotes the file; absent when read whole. */
  problem?: string;
  /** What the reader must know of what was read (a log whose passes are not believed, and why); never its text. */
  notes?: string[];
  /**
   * Why the passes this reading claims are not believed (a log that claims more passing tests than its
   * runner counted): the run fails whatever its exit code, and the passes are not listed.
   */
  untrusted?: string;
}

/**
 * A test-results format (formats.ts): `reads: "files"` parses each file the `test-results` globs match
 * (JUnit XML); `reads: "log"` parses the test command's own stdout and stderr, kept whole up to
 * MAX_RESULTS_FILE_BYTES (read.ts) while the report keeps only `max-output` of them.
 */
export interface ResultsParser {
  /** The format's name, as the notes say it: "not readable as <format>". */
  format: string;
  /** What it parses: the files `test-results` names, or the command's output. */
  reads: "files" | "log";
  /**
   * Every case of one file (or of the log), counted in full; only the first `keep` are listed. `cut`: the
   * log was cut at its bound, so its end (the runner's own count) is missing.
   */
  parse(data: Uint8Array, keep: number, cut?: boolean): ParsedFile;
}

/** The id `compare` lists a case by: file, class and name, as far as the file gives them. */
export function caseId(c: Pick<TestCase, "file" | "classname" | "name">): string {
  return [c.file, c.classname, c.name].filter((part) => part !== undefined && part !== "").join("::");
}
