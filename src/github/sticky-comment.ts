// One sticky comment per pull request and gate: its marker, found by that marker and by the token's own
// identity, every page searched, updated in place. The renderers put the marker they are given first in
// the body (report/markdown.ts); what it says and how the comment is found is this room's.
import { createHash } from "node:crypto";
import { ACTIONS_BOT, writtenBy, type Author } from "./authors.js";
import { GitHubError, type Comment, type GitHubClient } from "./client.js";
import { ascending } from "../core/order.js";

/** The HTML comment that identifies our sticky comment; `key` tells apart several gates on one PR. */
export function stickyMarker(key = "default"): string {
  // Only a safe alphabet, and never "--", which would end the HTML comment early.
  return `<!-- sandbox-gate:${key.replace(/[^A-Za-z0-9_.:/]+/g, "-")} -->`;
}

/**
 * What every comment the gate writes starts with: the marker without its key (and its closing). Only
 * with the gate's own author does it make a comment the gate's (`isGateComment`): anyone can type it.
 */
export const GATE_MARKER_PREFIX = stickyMarker("").replace(/ -->$/, "");

export interface StickyComment {
  owner: string;
  repo: string;
  issue: number;
  marker: string;
  body: string;
  /** Who wrote the comment: the token's identity. By default the actions bot. */
  author?: Author;
  /** The comment already found (`null`: looked, none there), so the comments are not listed twice. */
  existing?: Comment | null;
  /** `false`: an existing comment is updated, but none is created (nothing was judged). By default one is. */
  create?: boolean;
  /**
   * A shorter body for when GitHub refuses this one (422), e.g. `() => renderComment(input, 16_384)`;
   * by default a note that points to the job summary.
   */
  shorten?: () => string;
}

export type UpsertOutcome =
  | { action: "created" | "updated"; id: number; url: string }
  /** A read-only token (a fork's pull request): nothing was written. */
  | { action: "forbidden"; message: string }
  /** `create: false` and no comment there: nothing was written. */
  | { action: "none" };

/**
 * Ours: starts with the marker and was written by `author` (the actions bot by default); the oldest
 * when there are several. Checking the author stops anyone from pasting the marker into a comment of
 * their own and having us overwrite it, or trust the verdicts it claims.
 */
export function findStickyComment(
  comments: readonly Comment[],
  marker: string,
  author: Author = { login: ACTIONS_BOT },
): Comment | undefined {
  return comments.find((c) => c.body.startsWith(marker) && writtenBy(c, author));
}

/**
 * A comment of this gate's (any comment key's): it starts with the gate's marker AND was written by the
 * token's identity `us`. The marker alone proves nothing: an agent that pastes it into its reply must
 * still be judged, not hidden.
 */
export function isGateComment(c: { body: string; author: string; authorId?: number | null }, us: Author): boolean {
  return c.body.startsWith(GATE_MARKER_PREFIX) && writtenBy(c, us);
}

const KEY_MAX = 100;

/**
 * The default comment key: the workflow, the job and the matrix leg's values, so matrix legs and
 * gates in other jobs keep their own comments. An explicit `comment-key` wins; a long key keeps its
 * head and a hash of the whole.
 */
export function commentKey(parts: {
  explicit: string;
  workflow: string;
  job: string;
  matrix: Readonly<Record<string, string>>;
}): string {
  const leg = Object.entries(parts.matrix)
    .sort(([a], [b]) => ascending(a, b))
    .map(([k, v]) => `${k}=${v}`)
    .join(",");
  const key = parts.explicit || [parts.workflow, parts.job, leg].filter((p) => p !== "").join("/") || "default";
  if (key.length <= KEY_MAX) return key;
  return `${key.slice(0, KEY_MAX - 9)}~${createHash("sha256").update(key).digest("hex").slice(0, 8)}`;
}

/** The marker, and the one an earlier version wrote (the job id alone) when it may be adopted. */
export function stickyMarkers(parts: Parameters<typeof commentKey>[0]): { marker: string; legacy?: string } {
  const marker = stickyMarker(commentKey(parts));
  // Before comment keys the marker was the job id; a matrix leg cannot tell which leg wrote it.
  const adoptable = parts.explicit === "" && Object.keys(parts.matrix).length === 0 && parts.job !== "";
  return adoptable ? { marker, legacy: stickyMarker(parts.job) } : { marker };
}

export function tooLongNote(marker: string): string {
  return `${marker}\n\nsandbox-gate: the report is too long for a comment; see the job summary of this run.\n`;
}

export async function upsertStickyComment(client: GitHubClient, sticky: StickyComment): Promise<UpsertOutcome> {
  const { owner, repo, issue, marker } = sticky;
  try {
    const existing =
      sticky.existing === undefined
        ? findStickyComment(await client.listIssueComments(owner, repo, issue), marker, sticky.author)
        : (sticky.existing ?? undefined);
    if (!existing && sticky.create === false) return { action: "none" };
    const write = (body: string) =>
      existing ? client.updateComment(owner, repo, existing.id, body) : client.createComment(owner, repo, issue, body);
    const written = await write(sticky.body).catch((error: unknown) => {
      if (error instanceof GitHubError && error.status === 422) return write(sticky.shorten?.() ?? tooLongNote(marker));
      throw error;
    });
    return { action: existing ? "updated" : "created", id: written.id, url: written.url };
  } catch (error) {
    if (error instanceof GitHubError && error.status === 403) return { action: "forbidden", message: error.message };
    throw error;
  }
}
