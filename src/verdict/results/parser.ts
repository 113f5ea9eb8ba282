// What every test-results format is read into, and the one interface a format's reader implements. The
// files come out of the sandbox, so they are untrusted: a reader bounds what it keeps and turns what it
// cannot read into a problem, never a crash. Pure.
import type { Result } from "../../core/model.js";

export type TestResults = NonNullable<Result["tests"]>;
export type TestCase = TestResults["cases"][number];
export type CaseStatus = TestCase["status"];

/** One file's cases as far as they could be read. */
export interface ParsedFile {
  tests: TestResults;
  /** Why the reading stopped before the end, in one line that never quotes the file; absent when read whole. */
  problem?: string;
}

/** A test-results format: JUnit XML today; another runner's format is one more implementation (formats.ts). */
export interface ResultsParser {
  /** The format's name, as the notes say it: "not readable as <format>". */
  format: string;
  /** Every case of one file, counted in full; only the first `keep` are listed. */
  parse(data: Uint8Array, keep: number): ParsedFile;
}

/** The id `compare` lists a case by: file, class and name, as far as the file gives them. */
export function caseId(c: Pick<TestCase, "file" | "classname" | "name">): string {
  return [c.file, c.classname, c.name].filter((part) => part !== undefined && part !== "").join("::");
}
