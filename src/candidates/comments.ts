// `source: comments`: agent replies left on the pull request, as issue comments, review comments or reviews.
import { createHash } from "node:crypto";
import type { Candidate } from "../core/model.js";
import { GATE_MARKER_PREFIX } from "../report/comment.js";
import { fromList, type CandidateSource } from "./source.js";

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

/** Case-insensitive login match; `*` and `?` are the only wildcards, as logins hold no slashes. */
export function loginMatches(login: string, patterns: string[]): boolean {
  return patterns.some((pattern) => {
    const source = pattern
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".");
    return new RegExp(`^${source}$`, "i").test(login);
  });
}

/** The comments that are candidates, oldest first: by a matching author, non-empty, and not written by the gate. */
export function selectCandidates(
  comments: readonly AgentComment[],
  authors: string[],
  gateMarker: string,
): Candidate[] {
  return comments
    .filter((c) => c.body.trim() !== "" && !c.body.includes(gateMarker) && loginMatches(c.author, authors))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
    .map((c) => ({
      id: candidateId(c),
      source: c.url,
      url: c.url,
      author: c.author,
      kind: "reply",
      text: c.body,
    }));
}

/** The replies by `authors` as candidates; the gate's own comments are never one. */
export function commentsSource(replies: readonly AgentComment[], authors: string[]): CandidateSource {
  return {
    entries: async () =>
      fromList(selectCandidates(replies, authors, GATE_MARKER_PREFIX).map((candidate) => ({ candidate }))),
  };
}
