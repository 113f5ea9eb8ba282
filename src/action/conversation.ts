// The pull-request conversation as people hold it: an agent answers, is told what failed, answers
// again; its latest reply is its answer. Which results decide the check, and the one verdict line that
// says so. Pure.
import type { GateDecision, Result, Status } from "../core/model.js";
import { STATUS_INFO } from "../core/statuses.js";
import type { Decide } from "../settings/settings.js";

export interface Verdict extends GateDecision {
  /** The ids of the results the check follows; the others are history. */
  deciding: ReadonlySet<string>;
  /** Only our side failed (every failing deciding result is a `sandbox_error`): re-run, nobody's code is to blame. */
  ours: boolean;
  passed: number;
  total: number;
}

const AUTHORS_NAMED = 3;

/**
 * The results that decide: under `latest`, each author's most recent reply (results in conversation
 * order, oldest first; a result with no author, a file or the PR's own diff, always decides); under
 * `all`, every result.
 */
export function decidingIds(results: readonly Result[], decide: Decide): Set<string> {
  if (decide === "all") return new Set(results.map((r) => r.id));
  const latest = new Map<string, string>();
  const always: string[] = [];
  for (const r of results) {
    if (r.author === undefined) always.push(r.id);
    else latest.set(r.author.toLowerCase(), r.id);
  }
  return new Set([...always, ...latest.values()]);
}

/** What was not judged: how many, why, and whose newest reply is among them. */
export interface Skips {
  count: number;
  /** Why, when every skip says the same (`over max-candidates`). */
  why?: string;
  /** Authors whose newest reply was skipped: under `latest` the check must not pass on an older one. */
  unjudgedLatest?: readonly string[];
}

/**
 * The skips of a run: `skipped` (the quota's, by id) among `candidates` in conversation order, and the
 * authors whose newest candidate reply is one of them. Pure.
 */
export function skipsOf(
  skipped: ReadonlyArray<{ id: string; reason: string }>,
  candidates: ReadonlyArray<{ id: string; author?: string }>,
): Skips {
  const ids = new Set(skipped.map((s) => s.id));
  const newest = new Map<string, { id: string; author: string }>();
  for (const c of candidates)
    if (c.author !== undefined) newest.set(c.author.toLowerCase(), { id: c.id, author: c.author });
  const unjudgedLatest = [...newest.values()].filter((c) => ids.has(c.id)).map((c) => c.author);
  const quota = skipped.length > 0 && skipped.every((s) => s.reason.startsWith("over the max-candidates"));
  return { count: skipped.length, ...(quota && { why: "over max-candidates" }), unjudgedLatest };
}

/** `all 20 judged replies passed (180 skipped: over max-candidates)`; without skips, `all 20 replies passed`. */
function headOf(passed: number, total: number, nouns: string, skips: Skips): string {
  if (skips.count === 0)
    return passed === total ? `all ${total} ${nouns} passed` : `${passed} of ${total} ${nouns} passed`;
  const judged = `${total === 1 ? nouns.replace(/ies$/, "y").replace(/s$/, "") : nouns}`;
  const counted =
    passed === total ? `all ${total} judged ${judged} passed` : `${passed} of ${total} judged ${judged} passed`;
  return `${total === 0 ? `no ${nouns} judged` : counted} (${skips.count} skipped${skips.why ? `: ${skips.why}` : ""})`;
}

/**
 * The check's verdict over a run's results, and its one line. Under `latest`, when older replies are
 * history, the line speaks first of the replies that decide, then of all: `the latest reply, from @agent,
 * fails the tests — overall: 1 of 4 replies passed`; otherwise of all: `1 of 3 replies passed — 2 failed
 * the gate`. The totals speak of judged results only and say how many were `skips`; under `latest` an
 * author whose newest reply was skipped fails the check, as its answer is unknown.
 */
export function conversationVerdict(
  results: readonly Result[],
  failOn: ReadonlySet<Status>,
  decide: Decide,
  skips: Skips = { count: 0 },
): Verdict {
  const deciding = decidingIds(results, decide);
  const decisive = results.filter((r) => deciding.has(r.id));
  const failing = decisive.filter((r) => failOn.has(r.status));
  const passed = results.filter((r) => r.status === "pass").length;
  const replies = results.length > 0 && results.every((r) => r.author !== undefined);
  const noun = replies ? "reply" : "candidate";
  const nouns = replies ? "replies" : "candidates";
  const unjudged = decide === "latest" ? (skips.unjudgedLatest ?? []) : [];
  const verdict = {
    failed: failing.length > 0 || unjudged.length > 0,
    ours: failing.length > 0 && unjudged.length === 0 && failing.every((r) => STATUS_INFO[r.status].ours),
    deciding,
    passed,
    total: results.length,
  };
  const said = (reason: string): Verdict => ({ ...verdict, reason });
  const head = headOf(passed, results.length, nouns, skips);
  // What decides comes first; the totals, which count the history too, come second.
  const overall = (lead: string) => `${lead} — overall: ${head}`;
  if (unjudged.length > 0)
    return said(overall(`the latest reply from ${unjudged.map((a) => `@${a}`).join(", ")} was not judged`));
  if (results.length === 0) return said(skips.count > 0 ? head : `no ${nouns} to judge`);
  // What the reply did, as the verdict line says it.
  const phrase = (r: Result) =>
    failOn.has(r.status) || r.status === "pass"
      ? STATUS_INFO[r.status].phrase
      : `${STATUS_INFO[r.status].phrase} (allowed by fail-on)`;
  if (results.length === 1 && skips.count === 0) {
    const only = results[0]!;
    return said(`the ${noun}${only.author ? ` from @${only.author}` : ""} ${phrase(only)}`);
  }
  const byAuthor = decide === "latest" && replies;
  if (!byAuthor) {
    if (failing.length === 0) return said(head);
    const what = verdict.ours ? STATUS_INFO.sandbox_error.phrase : "failed the gate";
    return said(`${head} — ${failing.length} ${what}`);
  }
  if (decisive.length === results.length) {
    // Every reply decides (one each): the totals are the deciding replies' own.
    if (decisive.length <= AUTHORS_NAMED) {
      const each = decisive.map((r, i) => `${i === 0 ? "latest from" : "from"} @${r.author} ${phrase(r)}`);
      return said(`${head} — ${each.join(", ")}`);
    }
    const fine = decisive.length - failing.length;
    return said(`${head} — the latest of ${decisive.length} authors: ${fine} pass the gate, ${failing.length} fail it`);
  }
  if (decisive.length > 1) return said(overall(latestCounted(decisive, failing)));
  return said(overall(`the latest reply, from @${decisive[0]!.author}, ${phrase(decisive[0]!)}`));
}

/**
 * `latest 3 replies (one per author): 1 failed, 1 could not be judged, 1 passed`: how several authors'
 * latest replies ended, counted (the table under the line names each); our failures apart.
 */
function latestCounted(decisive: readonly Result[], failing: readonly Result[]): string {
  const theirs = failing.filter((r) => !STATUS_INFO[r.status].ours).length;
  const fine = decisive.length - failing.length;
  const counts = [
    theirs > 0 && `${theirs} failed`,
    failing.length > theirs && `${failing.length - theirs} could not be judged`,
    fine > 0 && `${fine} passed`,
  ].filter((c): c is string => typeof c === "string");
  return `latest ${decisive.length} replies (one per author): ${counts.join(", ")}`;
}
