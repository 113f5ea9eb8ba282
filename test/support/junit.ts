// JUnit XML and the results' tar a sandbox sends back, for unit tests that script an engine.
import type { RunFacts } from "../../src/core/model.js";
import { tarball } from "../../src/core/tar/pack.js";

export type CaseSpec = [name: string, status: "passed" | "failed" | "error" | "skipped", message?: string];

/** One testsuite of `cases`, all of class `classname`, as a test runner writes it. */
export function junitXml(cases: readonly CaseSpec[], classname = "tests.test_app"): string {
  const body = cases
    .map(([name, status, message = "boom"]) => {
      const child =
        status === "passed"
          ? ""
          : status === "skipped"
            ? "<skipped/>"
            : `<${status === "failed" ? "failure" : "error"} message="${message}">trace</${status === "failed" ? "failure" : "error"}>`;
      return `<testcase classname="${classname}" name="${name}" time="0.001">${child}</testcase>`;
    })
    .join("");
  return `<?xml version="1.0"?><testsuites><testsuite name="pytest" tests="${cases.length}">${body}</testsuite></testsuites>`;
}

/** The results a driver sends: `files` as a tar, whole. */
export function results(files: Record<string, string>): NonNullable<RunFacts["results"]> {
  return { bytes: tarball(Object.entries(files).map(([path, content]) => ({ path, content }))), truncated: false };
}
