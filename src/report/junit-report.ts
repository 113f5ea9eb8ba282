// The JUnit XML report: one testsuite per run, one testcase per candidate; then, for each candidate
// whose test results were read (`test-results`), a testsuite of its own holding its test cases, so a
// reader of JUnit (dorny/test-reporter, a CI's test tab) lists them per candidate. Pure.
import { type Result, type Skipped, type Status } from "../core/model.js";
import { EVERY_FAILURE, STATUS_INFO } from "../core/statuses.js";
import { testCount, type TestCase } from "../core/tests.js";
import { cleanText } from "./markdown.js";

export interface JUnitOptions {
  /** Statuses that fail the gate; their testcases get a `<failure>` (`<error>` for our own failures). */
  failOn?: ReadonlySet<Status>;
  name?: string;
  /** ISO 8601 start of the run. */
  timestamp?: string;
}

// XML 1.0 allows only these characters, escaped or not; lone surrogates included in the "not".
const NOT_XML_CHAR = /[^\t\n\r\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text safe inside an element or an attribute value: escaped, invalid characters removed. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, "").replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

// Terminal colours and control characters are noise in a test report; make them visible first.
function content(text: string): string {
  return escapeXml(cleanText(text));
}

function attributes(attrs: Record<string, string | number | undefined>): string {
  return (
    Object.entries(attrs)
      .filter(([, v]) => v !== undefined)
      // Parsers turn a raw newline in an attribute into a space; a character reference survives.
      .map(([k, v]) => ` ${k}="${content(String(v)).replace(/\n/g, "&#10;")}"`)
      .join("")
  );
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function element(name: string, attrs: Record<string, string | number | undefined>, body?: string): string {
  return body === undefined || body === ""
    ? `<${name}${attributes(attrs)}/>`
    : `<${name}${attributes(attrs)}>${body}</${name}>`;
}

function testcase(r: Result, failOn: ReadonlySet<Status>): string {
  const failing = failOn.has(r.status);
  const message = r.syntax?.message ?? STATUS_INFO[r.status].label;
  const verdict = failing
    ? element(STATUS_INFO[r.status].ours ? "error" : "failure", { type: r.status, message }, content(r.feedback))
    : "";
  const streams = [
    r.stdout && element("system-out", {}, content(r.stdout)),
    r.stderr && element("system-err", {}, content(r.stderr)),
  ].join("");
  return element(
    "testcase",
    {
      name: r.id,
      classname: `sandbox-gate.${r.language ?? "unknown"}`,
      time: seconds(r.duration_ms),
      file: r.syntax?.file,
    },
    verdict + streams,
  );
}

const CASE_VERDICT: Record<TestCase["status"], string | undefined> = {
  passed: undefined,
  failed: "failure",
  error: "error",
  skipped: "skipped",
};

function testResultCase(c: TestCase): string {
  const verdict = CASE_VERDICT[c.status];
  return element(
    "testcase",
    {
      name: c.name,
      classname: c.classname ?? c.file ?? "",
      time: c.duration_ms === undefined ? undefined : seconds(c.duration_ms),
      file: c.file,
      line: c.line,
    },
    (verdict ? element(verdict, { message: c.message?.split("\n")[0] }, c.message && content(c.message)) : "") +
      (c.flaky ? element("properties", {}, element("property", { name: "flaky", value: "true" })) : ""),
  );
}

/** A candidate's own test cases, as the suite named after it. */
function candidateSuite(r: Result): string | undefined {
  if (!r.tests) return undefined;
  const { counts, cases } = r.tests;
  const attrs = {
    name: r.id,
    tests: testCount(r.tests),
    failures: counts.failed,
    errors: counts.error,
    skipped: counts.skipped,
    time: seconds(cases.reduce((sum, c) => sum + (c.duration_ms ?? 0), 0)),
  };
  return element("testsuite", attrs, `\n${cases.map((c) => `    ${testResultCase(c)}\n`).join("")}  `);
}

function skippedCase(s: Skipped): string {
  return element(
    "testcase",
    { name: s.id, classname: "sandbox-gate.skipped", time: seconds(0) },
    element("skipped", { message: s.reason }),
  );
}

export function renderJUnit(
  results: readonly Result[],
  skipped: readonly Skipped[],
  options: JUnitOptions = {},
): string {
  const failOn = options.failOn ?? EVERY_FAILURE;
  const name = options.name ?? "sandbox-gate";
  const counts = {
    tests: results.length + skipped.length,
    failures: results.filter((r) => failOn.has(r.status) && !STATUS_INFO[r.status].ours).length,
    errors: results.filter((r) => failOn.has(r.status) && STATUS_INFO[r.status].ours).length,
    skipped: skipped.length,
    time: seconds(results.reduce((sum, r) => sum + r.duration_ms, 0)),
  };
  const cases = [...results.map((r) => testcase(r, failOn)), ...skipped.map(skippedCase)];
  const suite = element(
    "testsuite",
    { name, ...counts, timestamp: options.timestamp },
    `\n${cases.map((c) => `    ${c}\n`).join("")}  `,
  );
  const suites = [suite, ...results.flatMap((r) => candidateSuite(r) ?? [])];
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element("testsuites", { name, ...counts }, `\n${suites.map((x) => `  ${x}\n`).join("")}`)}\n`;
}
