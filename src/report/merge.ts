// Reading JSON reports back (shards to merge, a baseline to compare with) and merging shard reports
// into one. Everything but `loadReport` is pure.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { Result, Skipped } from "../core/model.js";
import { REPORT_SCHEMA, RESULT_SCHEMA, type Report } from "../core/schemas/report.js";
import { isRecord } from "../core/records.js";
import { checker } from "../core/schemas/validate.js";
import { InputError } from "../core/errors.js";
import { jsonLines } from "../core/json-lines.js";
import type { Shard } from "../core/shard.js";

export interface NamedReport {
  /** How the user named the file: errors point at it. */
  name: string;
  report: Report;
}

const checkReport = checker<Report>(REPORT_SCHEMA, "the report");
const checkResult = checker<Result>(RESULT_SCHEMA, "the result");

/** A report file's text → the report, checked against the report's schema; throws naming `input`. */
export function parseReport(text: string, name: string, input: string): Report {
  const fail = (detail: string): never => {
    throw new InputError(input, `'${name}' is not a sandbox-gate JSON report: ${detail}`);
  };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail(`not JSON (${(error as Error).message})`);
  }
  // Another kind of file, or a report of another version: that, not a detail of its shape, is the news.
  if (typeof value !== "object" || value === null || (value as { version?: unknown }).version !== 1)
    return fail('no "version": 1');
  const checked = checkReport(value);
  if (!checked.ok) return fail(checked.problem);
  const { shard } = checked.value;
  // The one rule JSON Schema cannot state: it does not compare two fields.
  if (shard !== undefined && shard.index > shard.count)
    return fail(`shard.index ${shard.index} is more than shard.count ${shard.count}`);
  return checked.value;
}

export async function loadReport(path: string, name: string, input: string): Promise<Report> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new InputError(
      input,
      `cannot read '${name}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return parseReport(text, name, input);
}

/** The partial report a run keeps beside its `report` as it goes (write-reports.ts): one result a line. */
export const partialPathOf = (report: string): string => `${report}.partial.jsonl`;

/**
 * An earlier run's results, for `resume`: its JSON report, or the partial report a run cut short left (one
 * result a line). A last line cut off mid-write (no newline after it) is what the kill left: dropped. Any
 * other line that is not a result, or a file that is neither, is one error naming the file (and the line).
 */
export function parseResumable(text: string, name: string, input: string): Result[] {
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    whole = undefined;
  }
  // A report says its version; a partial report of one line is a bare result.
  if (isRecord(whole) && "version" in whole) return parseReport(text, name, input).results;
  const results: Result[] = [];
  for (const line of jsonLines(text, name)) {
    const fail = (detail: string): never => {
      throw new InputError(
        input,
        `'${name}' is neither a sandbox-gate JSON report nor a partial one (one result a line): line ${line.n}: ${detail}`,
      );
    };
    if (!line.ok) {
      if (line.last) break;
      return fail(line.problem);
    }
    const checked = checkResult(line.value);
    if (!checked.ok) return fail(checked.problem);
    results.push(checked.value);
  }
  return results;
}

/** `parseResumable` of the file at `path`, shown as `name`; a missing file names the partial report beside it, if one is there. */
export async function loadResumable(path: string, name: string, input: string): Promise<Result[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    const partial = existsSync(partialPathOf(path))
      ? `; a run cut short left '${partialPathOf(name)}': resume from that`
      : "";
    throw new InputError(input, `cannot read '${name}': ${code}${partial}`);
  }
  return parseResumable(text, name, input);
}

/** `data.jsonl:12` → ["data.jsonl", 12]; a source without a line number sorts before line 1. */
function sourceKey(source: string): [string, number] {
  const m = /^(.*):(\d+)$/.exec(source);
  return m ? [m[1]!, Number(m[2])] : [source, 0];
}

function bySource(a: Result, b: Result): number {
  const [pathA, lineA] = sourceKey(a.source);
  const [pathB, lineB] = sourceKey(b.source);
  return pathA < pathB ? -1 : pathA > pathB ? 1 : lineA - lineB;
}

const shardName = ({ index, count }: Shard): string => `${index}/${count}`;

/**
 * Reports that say which shard they are must be all the shards of one split, each once: a shard whose
 * artifact went missing is an error naming it, never a merged report that is quietly smaller.
 */
function checkShards(reports: readonly NamedReport[], input: string): void {
  const sharded = reports.filter((r): r is NamedReport & { report: { shard: Shard } } => r.report.shard !== undefined);
  const first = sharded[0];
  if (first === undefined) return;
  const split = `shard ${shardName(first.report.shard)} ('${first.name}')`;
  const whole = reports.find((r) => r.report.shard === undefined);
  if (whole)
    throw new InputError(input, `'${whole.name}' is no shard's report, but ${split} is: merge the shards of one split`);
  const { count } = first.report.shard;
  const other = sharded.find((r) => r.report.shard.count !== count);
  if (other)
    throw new InputError(
      input,
      `'${other.name}' is shard ${shardName(other.report.shard)}, but ${split} is of ${count}: merge the shards of one split`,
    );
  const names = new Map<number, string>();
  for (const { name, report } of sharded) {
    const twice = names.get(report.shard.index);
    if (twice !== undefined)
      throw new InputError(input, `shard ${shardName(report.shard)} is given twice: '${twice}' and '${name}'`);
    names.set(report.shard.index, name);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !names.has(index));
  if (missing.length > 0) {
    const list = missing.map((index) => shardName({ index, count })).join(", ");
    throw new InputError(
      input,
      `shard${missing.length > 1 ? "s" : ""} ${list} ${missing.length > 1 ? "are" : "is"} missing (${names.size} of ${count} given)`,
    );
  }
}

/**
 * Shard reports → one list of results in dataset order (source file, then line; a stable sort keeps
 * everything else as given), skipped lists joined. The same candidate (id and source) in two reports
 * means a shard was given twice, or two runs were mixed: an error, never a silent double count.
 */
export function mergeReports(
  reports: readonly NamedReport[],
  input: string,
): { results: Result[]; skipped: Skipped[] } {
  checkShards(reports, input);
  const seen = new Map<string, string>();
  const results: Result[] = [];
  for (const { name, report } of reports) {
    for (const r of report.results) {
      const key = JSON.stringify([r.id, r.source]);
      const other = seen.get(key);
      if (other !== undefined)
        throw new InputError(
          input,
          `candidate ${JSON.stringify(r.id)} (${r.source}) is in both '${other}' and '${name}'`,
        );
      seen.set(key, name);
      results.push(r);
    }
  }
  return { results: results.sort(bySource), skipped: reports.flatMap(({ report }) => report.skipped) };
}
