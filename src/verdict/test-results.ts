// JUnit XML, as test runners write it (pytest --junitxml, node --test's junit reporter, vitest, jest-junit,
// PHPUnit --log-junit, gotestsum), read into per-test results. The files come out of the sandbox, so they
// are untrusted: saxes is a strict, streaming parser that never expands entities a DTD declares (a
// "billion laughs" file is an undefined entity, not gigabytes), every size is bounded, and what cannot be
// read is a note naming the file, never a crash. Pure.
import { SaxesParser, type SaxesTagPlain } from "saxes";
import type { Result } from "../core/model.js";

export type TestResults = NonNullable<Result["tests"]>;
export type TestCase = TestResults["cases"][number];
type CaseStatus = TestCase["status"];

/** A results file larger than this is not read: JUnit of a large suite is a few MB. */
export const MAX_RESULTS_FILE_BYTES = 8 * 1024 * 1024;
/** Cases kept per run; a suite larger than this is counted in full but listed in part. */
export const MAX_CASES = 10_000;
const MAX_MESSAGE = 2_000;

export interface ReadResults {
  tests: TestResults;
  /** What could not be read, by file; empty when every file was read whole. */
  notes: string[];
}

const WORKDIR_PREFIX = /^(?:file:\/\/)?\/work\//;

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;
}

function millis(seconds: string | undefined): number | undefined {
  const n = Number(seconds);
  return seconds !== undefined && Number.isFinite(n) && n >= 0 ? Math.round(n * 1000) : undefined;
}

function clipped(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > MAX_MESSAGE ? `${trimmed.slice(0, MAX_MESSAGE)}…` : trimmed;
}

/**
 * Where a failure points, from its trace, for runners whose XML names no file (pytest's default xunit2
 * ends a failure with `tests/test_x.py:11: AssertionError`): the last such line that names a relative file.
 */
function traceLocation(trace: string): { file: string; line: number } | undefined {
  const found = [...trace.matchAll(/^([\w./-]+\.[A-Za-z]+):(\d+): /gm)].filter((m) => !m[1]!.startsWith("/"));
  const last = found.at(-1);
  return last ? { file: last[1]!, line: Number(last[2]) } : undefined;
}

/** The id `compare` lists a case by: file, class and name, as far as the XML gives them. */
export function caseId(c: Pick<TestCase, "file" | "classname" | "name">): string {
  return [c.file, c.classname, c.name].filter((part) => part !== undefined && part !== "").join("::");
}

interface Open {
  name: string;
  classname?: string;
  file?: string;
  line?: number;
  duration_ms?: number;
  status: CaseStatus;
  /** The first failure's, error's or skip's message attribute, then its text. */
  message?: string;
  text: string;
}

const VERDICTS: Record<string, CaseStatus> = { failure: "failed", error: "error", skipped: "skipped" };
// The worse wins when a case has several children (a failure, then an error in teardown).
const RANK: Record<CaseStatus, number> = { passed: 0, skipped: 1, failed: 2, error: 3 };

/** The cases of one file, pushed onto `cases` as they close; throws what saxes throws. */
function parseFile(text: string, cases: TestCase[], counts: TestResults["counts"]): void {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const suites: Array<{ file?: string }> = [];
  let open: Open | undefined;
  let verdict: string | undefined;
  parser.on("opentag", (tag: SaxesTagPlain) => {
    const a = tag.attributes;
    if (tag.name === "testsuite") suites.push({ ...(a.file && { file: a.file }) });
    else if (tag.name === "testcase") {
      const file = (a.file ?? suites.findLast((s) => s.file)?.file)?.replace(WORKDIR_PREFIX, "");
      open = {
        name: a.name ?? "",
        status: "passed",
        text: "",
        ...(a.classname && { classname: a.classname }),
        ...(file && { file }),
        ...(positive(a.line) !== undefined && { line: positive(a.line)! }),
        ...(millis(a.time) !== undefined && { duration_ms: millis(a.time)! }),
      };
    } else if (open && tag.name in VERDICTS) {
      const status = VERDICTS[tag.name]!;
      if (RANK[status] > RANK[open.status]) open.status = status;
      verdict = tag.name;
      if (open.message === undefined && a.message) open.message = a.message;
    }
  });
  parser.on("text", (chunk) => {
    if (open && verdict && open.text.length < MAX_MESSAGE) open.text += chunk;
  });
  parser.on("cdata", (chunk) => {
    if (open && verdict && open.text.length < MAX_MESSAGE) open.text += chunk;
  });
  parser.on("closetag", (tag: SaxesTagPlain) => {
    if (tag.name === "testsuite") suites.pop();
    else if (tag.name in VERDICTS) verdict = undefined;
    else if (tag.name === "testcase" && open) {
      const { text: body, message, ...kept } = open;
      const said = message ?? body;
      counts[open.status]++;
      // The id from what the XML says of the case, whether it failed or not; a location from the trace only when it did not.
      const where = kept.file === undefined && open.status !== "passed" ? traceLocation(body) : undefined;
      const failed = open.status !== "passed" && said.trim() !== "" ? { message: clipped(said) } : {};
      if (cases.length < MAX_CASES) cases.push({ id: caseId(kept), ...kept, ...where, ...failed });
      open = undefined;
    }
  });
  parser.write(text).close();
}

/** Every case of the given files, in file order; a file that is too large or not JUnit XML is a note. */
export function readTestResults(files: ReadonlyArray<{ path: string; data: Uint8Array }>): ReadResults {
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
    try {
      parseFile(Buffer.from(data).toString("utf8"), cases, counts);
    } catch (error) {
      // saxes says where: "1:40: undefined entity: lol9." Only its first line, and never the file's text.
      notes.push(
        `${path}: not readable as JUnit XML (${(error as Error).message.split("\n")[0]!.slice(0, 200)}); the cases before the problem are kept`,
      );
    }
  }
  const total = counts.passed + counts.failed + counts.error + counts.skipped;
  if (total > cases.length) notes.push(`${total} test cases; the first ${cases.length} are listed`);
  return { tests: { counts, cases }, notes };
}
