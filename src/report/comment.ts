// One sticky comment per pull request (and marker): found by its marker and author, updated in place.
import { GitHubError, type Comment, type GitHubClient } from "../github.js";

/** Who posts with the workflow's GITHUB_TOKEN; an installation token cannot ask who it is. */
export const ACTIONS_BOT = "github-actions[bot]";

export interface StickyComment {
  owner: string;
  repo: string;
  issue: number;
  marker: string;
  body: string;
  /** Who else may have written the comment: the account behind a personal token. */
  login?: string;
  /**
   * A shorter body for when GitHub refuses this one (422), e.g. `() => renderComment(input, 16_384)`;
   * by default a note that points to the job summary.
   */
  shorten?: () => string;
}

export type UpsertOutcome =
  | { action: "created" | "updated"; id: number; url: string }
  /** A read-only token (a fork's pull request): nothing was written. */
  | { action: "forbidden"; message: string };

/**
 * Ours: carries the marker and was written by the actions bot or by `login`. Checking the author
 * stops anyone from pasting the marker into a comment of their own and having us overwrite it.
 */
export function findStickyComment(comments: readonly Comment[], marker: string, login?: string): Comment | undefined {
  const authors = [ACTIONS_BOT, login].filter((a): a is string => a !== undefined).map((a) => a.toLowerCase());
  return comments.find((c) => c.body.includes(marker) && authors.includes(c.author.toLowerCase()));
}

export function tooLongNote(marker: string): string {
  return `${marker}\n\nsandbox-gate: the report is too long for a comment; see the job summary of this run.\n`;
}

export async function upsertStickyComment(client: GitHubClient, sticky: StickyComment): Promise<UpsertOutcome> {
  const { owner, repo, issue, marker } = sticky;
  try {
    const existing = findStickyComment(await client.listIssueComments(owner, repo, issue), marker, sticky.login);
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
