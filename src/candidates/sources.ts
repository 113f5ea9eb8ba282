// The one place that picks where the candidates come from, by `settings.source`: the action and the
// CLI both get their candidates here.
import type { Match } from "../core/globs.js";
import { resolveGlobs } from "../core/globs.js";
import { InputError } from "../core/errors.js";
import type { Candidate } from "../core/model.js";
import { ACTIONS_BOT, type Author } from "../github/authors.js";
import type { GitHubClient } from "../github/client.js";
import type { SourceSettings } from "../settings/settings.js";
import { commentsSource, type AgentComment } from "./comments.js";
import { filesSource } from "./files-source.js";
import { pullRequestSource, type PullRequestEvent } from "./pull-request.js";
import type { CandidateSource } from "./source.js";

export type { CandidateSource } from "./source.js";

/** What a source needs beyond the settings: the event's pull request and its replies, a GitHub client. */
export interface SourceContext {
  /** How `files` finds its files: the `files` globs in the work dir unless given (the CLI's arguments). */
  files?: () => Promise<Match[]>;
  /** What the user calls those files, in an error about one of them: `files` unless given (the CLI's FILE). */
  filesInput?: string;
  client?: GitHubClient;
  pullRequest?: PullRequestEvent;
  /** The pull request's replies (comments, review comments, reviews) as the action read them. */
  replies?: readonly AgentComment[];
  /** Who the gate writes as (the token's identity): its comments are not replies. The actions bot by default. */
  us?: Author;
  /**
   * Whether a reply holds code, as preparing it will find (prepare/candidate.ts `holdsCode`): a comment
   * without, from an author only a wildcard matched, is listed as skipped. By default every one does.
   */
  holdsCode?: (candidate: Candidate) => boolean;
  log?: (line: string) => void;
}

export function candidateSource(source: SourceSettings, context: SourceContext): CandidateSource {
  if (source.kind === "files")
    return filesSource(
      context.files ?? (() => resolveGlobs("files", source.files, source.workdir)),
      context.filesInput ?? "files",
    );
  const { client, pullRequest } = context;
  if (!pullRequest || !client)
    throw new InputError(
      "source",
      `'${source.kind}' needs an event on a pull request (pull_request, pull_request_review, pull_request_review_comment, or issue_comment on a pull request)`,
    );
  if (source.kind === "comments")
    return commentsSource(
      context.replies ?? [],
      source.authors,
      context.us ?? { login: ACTIONS_BOT },
      context.holdsCode ?? (() => true),
    );
  return pullRequestSource(client, pullRequest, source.workdir, context.log ?? (() => {}));
}
