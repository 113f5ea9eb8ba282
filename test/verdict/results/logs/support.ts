// What the log parsers' tests share: a log read as the pipeline reads it, its cases as SWE-bench's status
// words, and the fixtures (logs of real runs of our own, and what SWE-bench's parser gives on them).
import { readFileSync } from "node:fs";
import type { ParsedFile, ResultsParser } from "../../../../src/verdict/results/parser.js";

export const fixture = (name: string): string =>
  readFileSync(new URL(`../fixtures/logs/${name}`, import.meta.url), "utf8");

/** What SWE-bench's own parser gave on a fixture (its `swebench/harness/log_parsers/python.py`, run on the log). */
export const swebench = (name: string): Record<string, string> => JSON.parse(fixture(name)) as Record<string, string>;

export function parse(parser: ResultsParser, log: string, cut = false): ParsedFile {
  return parser.parse(Buffer.from(log), 10_000, cut);
}

const WORD = { passed: "PASSED", failed: "FAILED", error: "ERROR", skipped: "SKIPPED" } as const;

/** id → status word, as the harness's map holds it (an xfail reads PASSED here: graded alike). */
export function statusMap(parsed: ParsedFile): Record<string, string> {
  return Object.fromEntries(parsed.tests.cases.map((c) => [c.id, WORD[c.status]]));
}

/** SWE-bench's map with its XFAIL graded as the pass it is. */
export function graded(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([id, s]) => [id, s === "XFAIL" ? "PASSED" : s]));
}
