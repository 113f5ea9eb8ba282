// Checks a report the gate wrote against docs/report.schema.json, closed: the shipped schema lets a reader
// ignore fields a newer version adds, but everything this version writes must be declared there, so an
// undeclared field (a typo, a field added without its schema) fails here.
import { readFileSync } from "node:fs";
import { assert } from "vitest";
import { REPORT_SCHEMA, type Report } from "../../src/core/schemas/report.js";
import { checker } from "../../src/core/schemas/validate.js";

/** `schema` with `additionalProperties: false` on every object it declares properties for. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== "object" || schema === null) return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]));
  return "properties" in copy ? { ...copy, additionalProperties: false } : copy;
}

const check = checker(closed(REPORT_SCHEMA) as object, "the report");

/** Fails the test with the schema's first complaint, path and all, unless `value` (a parsed report) matches. */
export function expectValidReport(value: unknown): void {
  const checked = check(value);
  if (!checked.ok) assert.fail(`the report does not match docs/report.schema.json: ${checked.problem}`);
}

/** The report the gate wrote at `path`, after checking it against the schema. */
export function readValidReport(path: string): Report {
  const report: unknown = JSON.parse(readFileSync(path, "utf8"));
  expectValidReport(report);
  return report as Report;
}
