// `source: comments`: agent replies left on the pull request, as issue comments, review comments or reviews.
import type { Candidate } from "../model.js";

export interface AgentComment {
  kind: "comment" | "review-comment" | "review";
  id: number;
  body: string;
  url: string;
  author: string;
  createdAt: string;
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
export function selectCandidates(comments: AgentComment[], authors: string[], gateMarker: string): Candidate[] {
  return comments
    .filter((c) => c.body.trim() !== "" && !c.body.includes(gateMarker) && loginMatches(c.author, authors))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
    .map((c) => ({
      id: `${c.kind}-${c.id}`,
      source: c.url,
      url: c.url,
      author: c.author,
      kind: "reply",
      text: c.body,
    }));
}
