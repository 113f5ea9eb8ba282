// `.jsonl` datasets: one candidate per line, streamed so a large nightly set is never held whole.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { isLanguage } from "../languages.js";
import type { Candidate, CandidateOverrides } from "../model.js";
import { checkRelativePath } from "../prepare/paths.js";
import { parseDuration } from "../settings/units.js";

/** A line that could not be read as a candidate: reported with its line number, the rest still runs. */
export interface DatasetProblem {
  id: string;
  source: string;
  problem: string;
}

export type DatasetEntry = { candidate: Candidate } | { problem: DatasetProblem };

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string");
}

/** One parsed line → a candidate, or the reason it is not one. Pure. */
export function parseDatasetLine(line: string, source: string, fallbackId: string): DatasetEntry {
  const fail = (problem: string): DatasetEntry => ({ problem: { id: fallbackId, source, problem } });
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return fail(`not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return fail("not a JSON object");
  const o = value as Record<string, unknown>;
  const id = typeof o.id === "string" && o.id.trim() ? o.id : typeof o.id === "number" ? String(o.id) : fallbackId;
  const text = typeof o.reply === "string" ? o.reply : typeof o.patch === "string" ? o.patch : undefined;
  if (text === undefined) return { problem: { id, source, problem: "has neither a string 'reply' nor a string 'patch'" } };
  if (o.files !== undefined && !isStringRecord(o.files)) return { problem: { id, source, problem: "'files' must map paths to strings" } };
  const overrides: CandidateOverrides = {};
  for (const key of ["command", "target"] as const) {
    if (o[key] === undefined) continue;
    if (typeof o[key] !== "string") return { problem: { id, source, problem: `'${key}' must be a string` } };
    overrides[key] = o[key];
  }
  // Paths inside the sandbox: this line's problem now, rather than a sandbox_error when its files are packed.
  const paths = [
    ...(overrides.target === undefined ? [] : [{ what: "'target'", path: overrides.target }]),
    ...Object.keys(o.files ?? {}).map((path) => ({ what: "a 'files' path", path })),
  ];
  for (const { what, path } of paths) {
    const checked = checkRelativePath(path);
    if (!checked.ok) return { problem: { id, source, problem: `${what} ${JSON.stringify(path)} ${checked.why}: it must be a relative path inside the work dir` } };
  }
  if (o.language !== undefined) {
    if (typeof o.language !== "string" || !isLanguage(o.language)) return { problem: { id, source, problem: `unknown language ${JSON.stringify(o.language)}` } };
    overrides.language = o.language;
  }
  if (o.timeout !== undefined) {
    try {
      overrides.timeoutMs = typeof o.timeout === "number" ? parseDuration("timeout", `${o.timeout}s`) : parseDuration("timeout", String(o.timeout));
    } catch (error) {
      return { problem: { id, source, problem: (error as Error).message } };
    }
  }
  const candidate: Candidate = { id, source, kind: typeof o.reply === "string" ? "reply" : "patch", text, overrides };
  if (o.files !== undefined) candidate.files = o.files as Record<string, string>;
  return { candidate };
}

/** Streams the dataset at `path`, shown to users as `name`; blank lines are skipped. */
export async function* readDataset(path: string, name: string): AsyncGenerator<DatasetEntry> {
  const lines = createInterface({ input: createReadStream(path, { encoding: "utf8" }), crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n += 1;
    if (line.trim() === "") continue;
    yield parseDatasetLine(line, `${name}:${n}`, `${name}:${n}`);
  }
}
