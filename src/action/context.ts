// What the run is about, read from the event GitHub wrote: the pull request, the commit judged, the
// finished run the fork-safe commenter posts for, and the names that tell this gate's comment apart.
// Pure, but for gateVersion (which reads the running bundle).
import type { context as actionContext } from "@actions/github";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { PullRequestEvent, PullRequestRef } from "../candidates/pull-request.js";
import { InputError } from "../core/errors.js";
import { stickyMarkers } from "../github/sticky-comment.js";
import type { ConversationSettings } from "../settings/settings.js";

export type ActionContext = Pick<typeof actionContext, "eventName" | "payload" | "serverUrl" | "repo" | "sha">;

const COMMIT_SHA = /^[0-9a-f]{40,64}$/;

const repoUrl = (context: Pick<ActionContext, "serverUrl">, owner: string, repo: string) =>
  `${context.serverUrl}/${owner}/${repo}`;

export const commitUrl = (context: Pick<ActionContext, "serverUrl" | "repo">, sha: string): string =>
  `${repoUrl(context, context.repo.owner, context.repo.repo)}/commit/${sha}`;

export const runUrl = (context: Pick<ActionContext, "serverUrl" | "repo">, id: string | number): string =>
  `${repoUrl(context, context.repo.owner, context.repo.repo)}/actions/runs/${id}`;

export const pullRequestUrl = (context: Pick<ActionContext, "serverUrl">, pr: PullRequestRef): string =>
  `${repoUrl(context, pr.owner, pr.repo)}/pull/${pr.number}`;

/** The pull request the event is about, if any (pull_request*, issue_comment on a PR). */
export function pullRequestOf(context: ActionContext): PullRequestRef | undefined {
  const payload = context.payload;
  const number = payload.pull_request?.number ?? (payload.issue?.pull_request ? payload.issue.number : undefined);
  return typeof number === "number" ? { ...context.repo, number } : undefined;
}

/** The pull request with its page and the commits a `pull_request` event names (an issue_comment names none). */
export function pullRequestEventOf(context: ActionContext, pr: PullRequestRef): PullRequestEvent {
  const pull = context.payload.pull_request as { base?: { sha?: string }; head?: { sha?: string } } | undefined;
  const refs = pull?.base?.sha && pull.head?.sha ? { base: pull.base.sha, head: pull.head.sha } : undefined;
  return { ...pr, url: pullRequestUrl(context, pr), ...(refs && { refs }) };
}

/**
 * The commit the candidates are judged at: the pull request's head for a pull_request event (the commit
 * a reader finds in the PR), else the workflow's checkout (an issue_comment run checks out the default branch).
 */
export function headCommitOf(context: ActionContext): { sha: string; url: string } | undefined {
  const pull = context.payload.pull_request as { head?: { sha?: unknown } } | undefined;
  const head = pull?.head?.sha;
  const sha = typeof head === "string" ? head : context.sha;
  if (!sha || !COMMIT_SHA.test(sha)) return undefined;
  return { sha, url: commitUrl(context, sha) };
}

/** What the commenter reads of a `workflow_run` event: GitHub wrote it, not the fork. */
export interface FinishedRun {
  headSha: string;
  /** `owner:branch` of the head, to find a fork's pull request by. */
  head?: string;
  conclusion: string;
  url?: string;
}

export function finishedRun(context: Pick<ActionContext, "eventName" | "payload" | "serverUrl">): FinishedRun {
  const run = context.payload.workflow_run as Record<string, unknown> | undefined;
  const sha = run?.head_sha;
  if (context.eventName !== "workflow_run" || typeof sha !== "string" || !COMMIT_SHA.test(sha))
    throw new InputError("post-report", "needs a workflow_run event (see the fork-safe pattern in the README)");
  const owner = (run?.head_repository as { owner?: { login?: unknown } } | undefined)?.owner?.login;
  const branch = run?.head_branch;
  const url =
    typeof run?.html_url === "string" && run.html_url.startsWith(`${context.serverUrl}/`) ? run.html_url : undefined;
  return {
    headSha: sha,
    ...(typeof owner === "string" && typeof branch === "string" && { head: `${owner}:${branch}` }),
    conclusion: typeof run?.conclusion === "string" ? run.conclusion : "unknown",
    ...(url && { url }),
  };
}

/** This gate's sticky-comment markers: from `comment-key`, or the workflow, the job and the matrix leg. */
export function markersOf(
  conversation: Pick<ConversationSettings, "commentKey" | "matrix">,
  env: NodeJS.ProcessEnv,
): ReturnType<typeof stickyMarkers> {
  return stickyMarkers({
    explicit: conversation.commentKey,
    workflow: env.GITHUB_WORKFLOW ?? "",
    job: env.GITHUB_JOB ?? "",
    matrix: conversation.matrix,
  });
}

/**
 * The gate's version, part of the verdict key: a hash of the running bundle (dist/index.js as the
 * action is checked out), so any other build of the gate judges every reply again.
 */
export async function gateVersion(): Promise<string> {
  try {
    return createHash("sha256")
      .update(await readFile(fileURLToPath(import.meta.url)))
      .digest("hex")
      .slice(0, 16);
  } catch {
    return "unknown";
  }
}
