// JUnit XML, as test runners write it (pytest --junitxml, node --test's junit reporter, vitest, jest-junit,
// PHPUnit --log-junit, gotestsum), read into per-test results. saxes is a strict, streaming parser that never
// expands entities a DTD declares (a "billion laughs" file is an undefined entity, not gigabytes), every size
// is bounded, and what cannot be read is a problem, never a crash. Pure.
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { caseId, type CaseStatus, type ParsedFile, type ResultsParser, type TestCase } from "./parser.js";

const MAX_MESSAGE = 2_000;

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

/**
 * The cases of one file, pushed onto `parsed` as they close; throws what saxes throws. `suites` holds, per
 * open testsuite, the file its cases inherit (its own, else its parent's), so a case finds its file at the
 * top in one step: searching up the nesting instead cost depth × cases, 21 s for a hostile 1.5 MB file,
 * all of it on the gate's event loop. A parameter only so a test can count what is read of it.
 */
function parseFile(text: string, parsed: ParsedFile["tests"], keep: number, suites: Array<string | undefined>): void {
  const { cases, counts } = parsed;
  const parser = new SaxesParser({ xmlns: false, position: false });
  let open: Open | undefined;
  let verdict: string | undefined;
  parser.on("opentag", (tag: SaxesTagPlain) => {
    const a = tag.attributes;
    if (tag.name === "testsuite") suites.push(a.file || suites.at(-1));
    else if (tag.name === "testcase") {
      const file = (a.file ?? suites.at(-1))?.replace(WORKDIR_PREFIX, "");
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
      if (cases.length < keep) cases.push({ id: caseId(kept), ...kept, ...where, ...failed } satisfies TestCase);
      open = undefined;
    }
  });
  parser.write(text).close();
}

/** One JUnit file's text read; `suites` is the open testsuites' stack, given only by a test that counts its reads. */
export function readJunit(text: string, keep: number, suites: Array<string | undefined> = []): ParsedFile {
  const tests = { counts: { passed: 0, failed: 0, error: 0, skipped: 0 }, cases: [] };
  try {
    parseFile(text, tests, keep, suites);
    return { tests };
  } catch (error) {
    // saxes says where: "1:40: undefined entity: lol9." Only its first line, and never the file's text.
    return { tests, problem: (error as Error).message.split("\n")[0]!.slice(0, 200) };
  }
}

export const junit: ResultsParser = {
  format: "JUnit XML",
  reads: "files",
  parse: (data, keep) => readJunit(Buffer.from(data).toString("utf8"), keep),
};
