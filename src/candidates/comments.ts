// `source: comments`: agent replies left on the pull request, as issue comments, review comments or reviews.
import { createHash } from "node:crypto";
import type { Candidate, Skipped } from "../core/model.js";
import type { Author } from "../github/authors.js";
import { isGateComment } from "../github/sticky-comment.js";
import { fromList, type CandidateSource } from "./source.js";
import { ascending } from "../core/order.js";

/** What the gate knows of a reply now, to tell whether a remembered verdict is still its own. */
export interface Fingerprint {
  updatedAt: string;
  hash: string;
}

/** A reply body's fingerprint: enough bits that an edit is never missed, short enough to keep many. */
export function bodyHash(body: string): string {
  return createHash("sha256").update(body).digest("hex").slice(0, 32);
}

export interface AgentComment {
  kind: "comment" | "review-comment" | "review";
  id: number;
  body: string;
  url: string;
  author: string;
  /** The author's account id when GitHub gave it (null: a deleted account). */
  authorId?: number | null;
  createdAt: string;
  /** Changes with every edit (for a review: its submission time; the body's hash tells its edits). */
  updatedAt: string;
}

/** The candidate id of a comment: its kind and GitHub's id, unique across the three kinds. */
export function candidateId(c: Pick<AgentComment, "kind" | "id">): string {
  return `${c.kind}-${c.id}`;
}

/** What each comment is now, by candidate id, to tell a remembered verdict from a stale one. */
export function fingerprints(comments: readonly AgentComment[]): Map<string, Fingerprint> {
  return new Map(comments.map((c) => [candidateId(c), { updatedAt: c.updatedAt, hash: bodyHash(c.body) }]));
}

const WILDCARD = /[*?]/;

/** Case-insensitive match of one pattern; `*` and `?` are the only wildcards, as logins hold no slashes. */
function patternMatches(login: string, pattern: string): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${source}$`, "i").test(login);
}

/** How a login matched `authors`: by its name written out, or only by a wildcard (the first that matched). */
export type AuthorMatch = { by: "name" } | { by: "wildcard"; pattern: string };

/** How `login` matches `patterns`, if it does: a name written out wins over any wildcard. */
export function authorMatch(login: string, patterns: readonly string[]): AuthorMatch | undefined {
  const matching = patterns.filter((pattern) => patternMatches(login, pattern));
  if (matching.some((pattern) => !WILDCARD.test(pattern))) return { by: "name" };
  return matching.length > 0 ? { by: "wildcard", pattern: matching[0]! } : undefined;
}

/** Whether `login` is one of `patterns` (case-insensitive; `*` and `?` as wildcards). */
export function loginMatches(login: string, patterns: string[]): boolean {
  return authorMatch(login, patterns) !== undefined;
}

/** The replies to judge, and the comments of matching authors that are none, each with why. */
export interface Selection {
  candidates: Candidate[];
  skipped: Skipped[];
}

/**
 * The comments that are candidates, oldest first: by a matching author, non-empty, and not the gate's
 * own (its marker and the token's identity `us` together; a reply that merely quotes the marker is judged).
 * A comment without code (`holdsCode`, as preparing it would find) whose author only a wildcard matched
 * (`*[bot]`: a coverage bot's report) is no agent's reply: skipped and listed, never judged `no_code`.
 * An author named exactly is an agent, and its reply without code is `no_code`: the feedback it needs.
 */
export function selectReplies(
  comments: readonly AgentComment[],
  authors: string[],
  us: Author,
  holdsCode: (candidate: Candidate) => boolean,
): Selection {
  const selection: Selection = { candidates: [], skipped: [] };
  const oldestFirst = [...comments].sort((a, b) => ascending(a.createdAt, b.createdAt) || a.id - b.id);
  for (const c of oldestFirst) {
    const match = authorMatch(c.author, authors);
    if (!match || c.body.trim() === "" || isGateComment(c, us)) continue;
    const candidate: Candidate = {
      id: candidateId(c),
      source: c.url,
      url: c.url,
      author: c.author,
      kind: "reply",
      text: c.body,
    };
    if (match.by === "name" || holdsCode(candidate)) selection.candidates.push(candidate);
    else
      selection.skipped.push({
        id: candidate.id,
        source: c.url,
        url: c.url,
        reason: `@${c.author}: no code, matched only by the wildcard ${match.pattern}`,
      });
  }
  return selection;
}

/**
 * The order in which a quota takes the replies (given oldest first): each author's newest reply, newest
 * first, then the rest, newest first. So what decides under `decide: latest` (each author's newest) is
 * judged before any older reply, and the quota never judges the oldest while skipping the answers.
 */
export function quotaOrder(candidates: readonly Candidate[]): Candidate[] {
  const newestFirst = [...candidates].reverse();
  const seen = new Set<string>();
  const latest: Candidate[] = [];
  const older: Candidate[] = [];
  for (const c of newestFirst) {
    const author = (c.author ?? "").toLowerCase();
    (seen.has(author) ? older : latest).push(c);
    seen.add(author);
  }
  return [...latest, ...older];
}

/**
 * The replies by `authors` as candidates, in conversation order, each ranked by `quotaOrder` for the
 * quota, then the comments that are no reply, listed as skipped (`selectReplies`); the gate's own
 * comments (by `us`) are neither.
 */
export function commentsSource(
  replies: readonly AgentComment[],
  authors: string[],
  us: Author,
  holdsCode: (candidate: Candidate) => boolean,
): CandidateSource {
  const { candidates, skipped } = selectReplies(replies, authors, us, holdsCode);
  const rank = new Map(quotaOrder(candidates).map((c, i) => [c.id, i]));
  return {
    entries: async () =>
      fromList([
        ...candidates.map((candidate) => ({ candidate, rank: rank.get(candidate.id)! })),
        ...skipped.map((entry) => ({ skipped: entry })),
      ]),
  };
}
