// The verdicts a sticky comment remembers, so a run judges only new and edited replies. Pure.
//
// The state is a hidden block at the end of the gate's own comment: versioned, size-bounded, and only
// ids, timestamps, hashes, statuses and numbers, never a candidate's text. It lives in a comment, so it
// is read as untrusted input: anything that does not fit the schema to the letter (a corrupt block, a
// forged one, two blocks, an oversized one) drops the whole state, and every reply is judged again. A
// remembered verdict is used only for the same reply (id, updated_at and the hash of its body) under the
// same key (what changes verdicts: the tests, image, command, limits, results format, the gate's version),
// and never for a candidate with settings of its own (a dataset line's overrides), which the key does not hold.
import { createHash } from "node:crypto";
import { type Candidate, type Result, type Status } from "../core/model.js";
import { STATUSES } from "../core/statuses.js";
import { newResult } from "../core/schemas/report.js";
import { checker } from "../core/schemas/validate.js";
import type { Limits, SandboxFile } from "../core/model.js";
import type { RunSettings } from "../settings/settings.js";
import type { Fingerprint } from "../candidates/comments.js";
import { ascending } from "../core/order.js";

export const STATE_VERSION = 1;
/** Replies remembered at most; the newest are kept. */
export const STATE_MAX_ENTRIES = 200;
/** The block's length at most, in characters: a third of a comment's room. */
export const STATE_MAX_CHARS = 22_000;

const OPEN = `<!-- sandbox-gate-state v${STATE_VERSION} `;
const CLOSE = " -->";
// Any block of ours, of any version: more than one, or one we cannot read, and the state is not trusted.
const ANY_BLOCK = /<!-- sandbox-gate-state\b/g;

/** One judged reply, as remembered. */
export interface RememberedVerdict {
  /** The candidate's id: `comment-…`, `review-comment-…`, `review-…`. */
  id: string;
  /** The reply's updated_at when it was judged. */
  updatedAt: string;
  /** `bodyHash()` of the reply's body when it was judged. */
  hash: string;
  status: Status;
  language: string | null;
  durationMs: number;
  exitCode: number | null;
  /** The workflow run that judged it (GITHUB_RUN_ID), to link to. */
  run?: string;
  /** The commit the base tree was at, for a reply that was a patch: a patch's verdict holds for that tree only. */
  baseCommit?: string;
}

export interface VerdictState {
  key: string;
  entries: RememberedVerdict[];
}

/** What makes a verdict: change any of it and every reply is judged again. */
export interface KeyParts {
  tests: readonly SandboxFile[];
  run: RunSettings;
  limits: Limits;
  /** The gate's own version: a new release may judge differently. */
  version: string;
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

export function verdictKey({ tests, run, limits, version }: KeyParts): string {
  const files = [...tests]
    .map((f) => [f.path, sha256(f.content), f.executable === true] as const)
    .sort(([a], [b]) => ascending(a, b));
  // Every run setting (language, image, target, command, setup, …) and every limit, whatever is added
  // to them later; only when the image is pulled changes no verdict.
  const { pull: _pull, ...judging } = run;
  void _pull;
  return sha256(JSON.stringify({ state: STATE_VERSION, version, files, run: judging, limits }));
}

// ---- the block ------------------------------------------------------------------------------------

// Short keys: a block of 200 replies stays well inside a comment. Each value is shaped so that no
// text of ours can end the HTML comment (`--`, `>`) or carry markup.
const ID = { type: "string", pattern: "^(comment|review-comment|review)-[0-9]{1,20}$" } as const;
const TIME = {
  type: "string",
  pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?Z$",
} as const;
const HEX = (min: number, max: number) => ({ type: "string", pattern: `^[0-9a-f]{${min},${max}}$` }) as const;
const ENTRY_SCHEMA = {
  type: "object",
  properties: {
    id: ID,
    u: TIME,
    h: HEX(32, 32),
    s: { enum: STATUSES },
    l: { anyOf: [{ type: "string", pattern: "^[a-z]{1,20}$" }, { type: "null" }] },
    ms: { type: "integer", minimum: 0, maximum: 86_400_000 },
    x: { anyOf: [{ type: "integer", minimum: 0, maximum: 255 }, { type: "null" }] },
    r: { type: "string", pattern: "^[0-9]{1,20}$" },
    b: HEX(40, 64),
  },
  required: ["id", "u", "h", "s", "l", "ms", "x"],
  additionalProperties: false,
} as const;
const STATE_SCHEMA = {
  type: "object",
  properties: {
    v: { const: STATE_VERSION },
    key: HEX(64, 64),
    e: { type: "array", items: ENTRY_SCHEMA, maxItems: STATE_MAX_ENTRIES },
  },
  required: ["v", "key", "e"],
  additionalProperties: false,
} as const;

interface Entry {
  id: string;
  u: string;
  h: string;
  s: Status;
  l: string | null;
  ms: number;
  x: number | null;
  r?: string;
  b?: string;
}

const checkState = checker<{ v: 1; key: string; e: Entry[] }>(STATE_SCHEMA, "the state");
const checkEntry = checker<Entry>(ENTRY_SCHEMA, "the entry");

// The block's short keys for RememberedVerdict's fields, both ways.
const SHORT = {
  id: "id",
  updatedAt: "u",
  hash: "h",
  status: "s",
  language: "l",
  durationMs: "ms",
  exitCode: "x",
  run: "r",
  baseCommit: "b",
} as const;

function renamed(value: object, names: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).flatMap(([name, v]) => (v === undefined || !(name in names) ? [] : [[names[name]!, v]])),
  );
}

const toEntry = (e: RememberedVerdict) => renamed(e, SHORT) as unknown as Entry;
const fromEntry = (e: Entry) =>
  renamed(
    e,
    Object.fromEntries(Object.entries(SHORT).map(([long, short]) => [short, long])),
  ) as unknown as RememberedVerdict;

export type ReadState = { ok: true; state: VerdictState } | { ok: false; why: string };

/** The state block in a comment body; `why` says what was wrong, for the debug log. */
export function readState(body: string): ReadState {
  const blocks = body.match(ANY_BLOCK)?.length ?? 0;
  if (blocks === 0) return { ok: false, why: "the comment holds no state" };
  if (blocks > 1) return { ok: false, why: `the comment holds ${blocks} state blocks` };
  const start = body.indexOf(OPEN);
  if (start < 0) return { ok: false, why: "the state block is of another version" };
  const end = body.indexOf(CLOSE, start + OPEN.length);
  if (end < 0) return { ok: false, why: "the state block is not closed" };
  if (end + CLOSE.length - start > STATE_MAX_CHARS) return { ok: false, why: "the state block is too long" };
  let value: unknown;
  try {
    value = JSON.parse(body.slice(start + OPEN.length, end));
  } catch {
    return { ok: false, why: "the state block is not JSON" };
  }
  const checked = checkState(value);
  if (!checked.ok) return { ok: false, why: checked.problem };
  const entries = checked.value.e.map(fromEntry);
  // Two verdicts for one reply: one of them is not ours.
  if (new Set(entries.map((e) => e.id)).size !== entries.length) return { ok: false, why: "a reply is listed twice" };
  return { ok: true, state: { key: checked.value.key, entries } };
}

/** A login as GraphQL and REST both spell it: a bot's `[bot]` suffix is not always there. */
const sameActor = (a: string, b: string) =>
  a.toLowerCase().replace(/\[bot\]$/, "") === b.toLowerCase().replace(/\[bot\]$/, "");

/**
 * The state of the gate's own comment, trusted only while nobody but the gate edited the comment since
 * it wrote it: a state someone else wrote (a collaborator, an agent's App with write access) could
 * claim any verdict for the replies as they are.
 */
export function trustedState(body: string, lastEditor: string | null, us: string): ReadState {
  if (lastEditor !== null && !sameActor(lastEditor, us))
    return { ok: false, why: `the comment was last edited by ${lastEditor}, not by ${us}` };
  return readState(body);
}

/**
 * The block to append to the comment: the newest entries that fit in STATE_MAX_CHARS. Entries are
 * taken oldest first, as the conversation lists them; a reply left out is judged again next time.
 */
export function renderState(state: VerdictState): string {
  // An entry the next run could not read back would cost every verdict: such an entry is left out.
  const entries = state.entries
    .map(toEntry)
    .filter((e) => checkEntry(e).ok)
    .slice(-STATE_MAX_ENTRIES);
  const block = (kept: Entry[]) => `${OPEN}${JSON.stringify({ v: STATE_VERSION, key: state.key, e: kept })}${CLOSE}`;
  let kept = entries;
  let text = block(kept);
  while (text.length > STATE_MAX_CHARS && kept.length > 0) {
    // Drop a tenth at a time, so a long list shrinks in a few steps.
    kept = kept.slice(Math.max(1, Math.floor(kept.length / 10)));
    text = block(kept);
  }
  // Only validated, schema-shaped values go in; a value that could end the comment would be our bug.
  if (text.slice(4, -3).includes("--") || text.slice(4, -3).includes(">")) throw new Error("state block would break");
  return text;
}

// ---- carrying verdicts over -----------------------------------------------------------------------

/** Where a remembered verdict came from, as the comment and the report tell it. */
export const CARRIED_FEEDBACK =
  "Verdict carried over from an earlier run: the reply is unchanged since it was judged. Its output and feedback are in that run's job summary.";

/**
 * The remembered verdict of a candidate, as a result (`cached: true`), when it is still the candidate's:
 * same key, same reply (updated_at and body hash), and for a patch the same base commit.
 */
export function carriedOver(
  state: VerdictState | undefined,
  key: string,
  fingerprints: ReadonlyMap<string, Fingerprint>,
  commit: string | undefined,
): (candidate: Candidate) => Result | undefined {
  const usable = new Map(state && state.key === key ? state.entries.map((e) => [e.id, e]) : []);
  return (candidate) => {
    // The key holds the run's settings, not a candidate's own (a dataset line's results_format, command,
    // image, …): a verdict judged under them is never carried, whatever changed since.
    if (Object.values(candidate.overrides ?? {}).some((value) => value !== undefined)) return undefined;
    const remembered = usable.get(candidate.id);
    const now = fingerprints.get(candidate.id);
    if (!remembered || !now || remembered.updatedAt !== now.updatedAt || remembered.hash !== now.hash) return undefined;
    if (remembered.baseCommit !== undefined && remembered.baseCommit !== commit) return undefined;
    return newResult({
      id: candidate.id,
      source: candidate.source,
      url: candidate.url,
      author: candidate.author,
      language: remembered.language,
      status: remembered.status,
      exit_code: remembered.exitCode,
      signal: null,
      duration_ms: remembered.durationMs,
      stdout: "",
      stderr: "",
      truncated: { stdout: false, stderr: false },
      feedback: remembered.status === "pass" ? "" : CARRIED_FEEDBACK,
      cached: true,
    });
  };
}

/** The run that judged a carried-over result, from the state it came from. */
export function judgedIn(state: VerdictState | undefined, id: string): string | undefined {
  return state?.entries.find((e) => e.id === id)?.run;
}

/**
 * The state to write after a run: every result of a reply we can fingerprint, the carried-over ones
 * with the run that judged them, the fresh ones with this run. A `sandbox_error` is ours, not the
 * reply's: it is never remembered, so the next run tries again.
 */
export function nextState(
  key: string,
  results: readonly Result[],
  fingerprints: ReadonlyMap<string, Fingerprint>,
  previous: VerdictState | undefined,
  run: { id?: string; commit?: string },
): VerdictState {
  const entries: RememberedVerdict[] = [];
  for (const r of results) {
    const now = fingerprints.get(r.id);
    if (!now || r.status === "sandbox_error") continue;
    // A patch's verdict holds for one base tree: without the commit it cannot be tied to one.
    if (!r.cached && r.changed_files && !run.commit) continue;
    const judgedBy = r.cached ? judgedIn(previous, r.id) : run.id;
    const baseCommit = r.cached
      ? previous?.entries.find((e) => e.id === r.id)?.baseCommit
      : r.changed_files && run.commit;
    entries.push({
      id: r.id,
      updatedAt: now.updatedAt,
      hash: now.hash,
      status: r.status,
      language: r.language,
      durationMs: Math.round(r.duration_ms),
      exitCode: r.exit_code,
      ...(judgedBy !== undefined && { run: judgedBy }),
      ...(baseCommit !== undefined && { baseCommit }),
    });
  }
  return { key, entries };
}

/** The state block as it stands in a body, to tell whether a run changed what the comment remembers. */
export function stateBlockOf(body: string): string | undefined {
  const start = body.indexOf(OPEN);
  const end = start < 0 ? -1 : body.indexOf(CLOSE, start);
  return end < 0 ? undefined : body.slice(start, end + CLOSE.length);
}

/** Removes our state block from a body (a comment written before, shown or compared without it). */
export function withoutState(body: string): string {
  const start = body.indexOf(OPEN);
  if (start < 0) return body;
  const end = body.indexOf(CLOSE, start);
  return end < 0 ? body : body.slice(0, start) + body.slice(end + CLOSE.length);
}
