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

/** The check's verdict over a run's results, and its one line: `1 of 4 replies passed — latest from @agent fails the tests`. */
export function conversationVerdict(results: readonly Result[], failOn: ReadonlySet<Status>, decide: Decide): Verdict {
  const deciding = decidingIds(results, decide);
  const decisive = results.filter((r) => deciding.has(r.id));
  const failing = decisive.filter((r) => failOn.has(r.status));
  const passed = results.filter((r) => r.status === "pass").length;
  const replies = results.length > 0 && results.every((r) => r.author !== undefined);
  const noun = replies ? "reply" : "candidate";
  const nouns = replies ? "replies" : "candidates";
  const verdict = {
    failed: failing.length > 0,
    ours: failing.length > 0 && failing.every((r) => STATUS_INFO[r.status].ours),
    deciding,
    passed,
    total: results.length,
  };
  const said = (reason: string): Verdict => ({ ...verdict, reason });
  if (results.length === 0) return said(`no ${nouns} to judge`);
  // What the reply did, as the verdict line says it.
  const phrase = (r: Result) =>
    failOn.has(r.status) || r.status === "pass"
      ? STATUS_INFO[r.status].phrase
      : `${STATUS_INFO[r.status].phrase} (allowed by fail-on)`;
  if (results.length === 1) {
    const only = results[0]!;
    return said(`the ${noun}${only.author ? ` from @${only.author}` : ""} ${phrase(only)}`);
  }
  const head =
    passed === results.length
      ? `all ${results.length} ${nouns} passed`
      : `${passed} of ${results.length} ${nouns} passed`;
  const byAuthor = decide === "latest" && replies;
  if (!byAuthor) {
    if (failing.length === 0) return said(head);
    const what = verdict.ours ? STATUS_INFO.sandbox_error.phrase : "failed the gate";
    return said(`${head} — ${failing.length} ${what}`);
  }
  if (decisive.length <= AUTHORS_NAMED) {
    const each = decisive.map((r, i) => `${i === 0 ? "latest from" : "from"} @${r.author} ${phrase(r)}`);
    return said(`${head} — ${each.join(", ")}`);
  }
  const fine = decisive.length - failing.length;
  return said(`${head} — the latest of ${decisive.length} authors: ${fine} pass the gate, ${failing.length} fail it`);
}
