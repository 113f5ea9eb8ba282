// The action: settings → candidates → images first → every candidate sandboxed → report → gate.
import * as core from "@actions/core";
import * as github from "@actions/github";
import { randomBytes } from "node:crypto";
import { relative, resolve, sep } from "node:path";
import { selectCandidates, type AgentComment } from "./candidates/comments.js";
import { pullRequestDiff, type PullRequestRef } from "./candidates/pull-request.js";
import type { DatasetEntry } from "./candidates/dataset.js";
import { candidatesFromFiles } from "./candidates/files.js";
import { resolveGlobs } from "./candidates/glob.js";
import type { GateOutcome } from "./gate.js";
import { createGitHubClient, type GitHubClient } from "./github.js";
import { buildAnnotations } from "./report/annotations.js";
import { upsertStickyComment } from "./report/comment.js";
import { renderEvaluationMarkdown, renderEvaluationText } from "./report/evaluation.js";
import { compactResults } from "./report/json.js";
import {
  SUMMARY_MAX_LENGTH,
  renderComment,
  renderSummary,
  stickyMarker,
  type CommentInput,
} from "./report/markdown.js";
import { CliEngine } from "./sandbox/engines/cli.js";
import { runSession, type Work } from "./session.js";
import { RUN_LABEL } from "./sandbox/engine.js";
import { InputError } from "./settings/input-error.js";
import { readSettings, type InputName, type Settings } from "./settings/settings.js";

const STATE_RUN_ID = "run-id";
const STATE_ENGINE = "engine";
// Every comment the gate writes starts with this; it is never taken for an agent's reply.
const GATE_MARKER_PREFIX = "<!-- sandbox-gate:";
// Retried body after a 422: a quarter of the limit, so it fits even where GitHub counts bytes.
const SHORT_COMMENT_LENGTH = 16_384;

/** The pull request the event is about, if any (pull_request*, issue_comment on a PR). */
function pullRequestOf(context: typeof github.context): PullRequestRef | undefined {
  const payload = context.payload;
  const number = payload.pull_request?.number ?? (payload.issue?.pull_request ? payload.issue.number : undefined);
  return typeof number === "number" ? { ...context.repo, number } : undefined;
}

async function agentComments(client: GitHubClient, pr: PullRequestRef): Promise<AgentComment[]> {
  const [comments, reviewComments, reviews] = await Promise.all([
    client.listIssueComments(pr.owner, pr.repo, pr.number),
    client.listReviewComments(pr.owner, pr.repo, pr.number),
    client.listReviews(pr.owner, pr.repo, pr.number),
  ]);
  return [
    ...comments.map((c) => ({ kind: "comment" as const, ...c })),
    ...reviewComments.map((c) => ({ kind: "review-comment" as const, ...c })),
    ...reviews.map((c) => ({ kind: "review" as const, ...c })),
  ];
}

async function* fromList<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

async function candidateEntries(
  settings: Settings,
  client: GitHubClient | undefined,
  pr: PullRequestRef | undefined,
): Promise<AsyncIterable<DatasetEntry>> {
  if (settings.source.kind === "files")
    return candidatesFromFiles(await resolveGlobs("files", settings.source.files, settings.source.workdir));
  if (!pr || !client)
    throw new InputError(
      "source",
      `'${settings.source.kind}' needs a pull_request or issue_comment event on a pull request`,
    );
  if (settings.source.kind === "comments") {
    const candidates = selectCandidates(await agentComments(client, pr), settings.source.authors, GATE_MARKER_PREFIX);
    return fromList(candidates.map((candidate) => ({ candidate })));
  }
  const pull = github.context.payload.pull_request as { base?: { sha?: string }; head?: { sha?: string } } | undefined;
  const refs = pull?.base?.sha && pull.head?.sha ? { base: pull.base.sha, head: pull.head.sha } : undefined;
  const diff = await pullRequestDiff(client, pr, settings.source.workdir, refs, core.info);
  core.info(`the pull request's diff: ${diff.from === "github" ? "from GitHub" : "from the checkout's git history"}`);
  const url = `${github.context.serverUrl}/${pr.owner}/${pr.repo}/pull/${pr.number}`;
  const candidate = { id: `pull-${pr.number}`, source: url, url, kind: "patch" as const, text: diff.text };
  return fromList([{ candidate: diff.bytes ? { ...candidate, bytes: diff.bytes } : candidate }]);
}

function setOutputs(outcome: GateOutcome, settings: Settings, reportPath: string | undefined): void {
  const { results, decision } = outcome;
  core.setOutput("total", results.length);
  core.setOutput("passed", results.filter((r) => r.status === "pass").length);
  core.setOutput("failed", results.filter((r) => settings.reports.failOn.has(r.status)).length);
  core.setOutput("status", decision.failed ? "fail" : "pass");
  core.setOutput("report", reportPath ?? "");
  core.setOutput("results", JSON.stringify(compactResults(results)));
}

/** `evaluation`: the markdown section that heads the job summary of an evaluation run, or "". */
async function publish(
  outcome: GateOutcome,
  settings: Settings,
  client: GitHubClient | undefined,
  pr: PullRequestRef | undefined,
  evaluation: string,
): Promise<void> {
  const { serverUrl, runId } = github.context;
  const input: CommentInput = {
    results: outcome.results,
    skipped: outcome.skipped,
    gate: outcome.decision,
    marker: stickyMarker(process.env.GITHUB_JOB ?? "default"),
    ...(runId
      ? { runUrl: `${serverUrl}/${github.context.repo.owner}/${github.context.repo.repo}/actions/runs/${runId}` }
      : {}),
  };
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const repoPrefix = relative(workspace, resolve(workspace, settings.source.workdir)).split(sep).join("/");
  for (const a of buildAnnotations(
    outcome.results,
    settings.reports.failOn,
    repoPrefix.startsWith("..") ? "" : repoPrefix,
  )) {
    const props = { title: a.title, file: a.file, startLine: a.startLine, startColumn: a.startColumn };
    if (a.level === "error") core.error(a.message, props);
    else core.warning(a.message, props);
  }
  // Each channel on its own: a summary that cannot be written must not cost the PR its comment.
  await core.summary
    .addRaw(evaluation + renderSummary(input, SUMMARY_MAX_LENGTH - evaluation.length))
    .write()
    .catch((error: Error) => core.warning(`sandbox-gate could not write the job summary: ${error.message}`));
  if (!settings.reports.comment || !pr || !client) return;
  const outcomeOfComment = await upsertStickyComment(client, {
    ...pr,
    issue: pr.number,
    marker: input.marker,
    body: renderComment(input),
    shorten: () => renderComment(input, SHORT_COMMENT_LENGTH),
  });
  if (outcomeOfComment.action === "forbidden") {
    core.warning(
      `sandbox-gate could not comment on the pull request (${outcomeOfComment.message}); the job summary has the report.`,
    );
  } else {
    core.info(`sticky comment ${outcomeOfComment.action}: ${outcomeOfComment.url}`);
  }
}

export async function run(): Promise<void> {
  try {
    const settings = readSettings((name: InputName) => core.getInput(name), {
      defaultWorkdir: process.env.GITHUB_WORKSPACE ?? process.cwd(),
      defaultToken: process.env.GITHUB_TOKEN,
    });
    // Our token never reaches a sandbox; masking it keeps it out of logs too.
    if (settings.token) core.setSecret(settings.token);
    const runId = `${process.env.GITHUB_RUN_ID ?? "local"}-${randomBytes(4).toString("hex")}`;
    core.saveState(STATE_RUN_ID, runId);
    core.saveState(STATE_ENGINE, settings.mode.engine);
    const pr = pullRequestOf(github.context);
    const client = settings.token
      ? createGitHubClient(settings.token, { baseUrl: process.env.GITHUB_API_URL, onRetry: core.warning })
      : undefined;
    // Merged shard reports get the gate's decision as if their candidates had run here.
    const work: Work =
      settings.reports.merge.length > 0
        ? {
            kind: "merge",
            reports: () => resolveGlobs("merge", settings.reports.merge, settings.source.workdir),
            input: "merge",
          }
        : { kind: "judge", entries: () => candidateEntries(settings, client, pr) };
    const outcome = await runSession(settings, work, runId, { log: core.info, warn: core.warning });
    setOutputs(outcome, settings, outcome.reportPath);
    core.info(renderEvaluationText(outcome.evaluation));
    const evaluationRun = settings.source.kind === "files" || work.kind === "merge" || settings.reports.baseline !== "";
    await publish(
      outcome,
      settings,
      client,
      pr,
      evaluationRun ? `${renderEvaluationMarkdown(outcome.evaluation, outcome.results)}\n` : "",
    );
    if (outcome.decision.failed) core.setFailed(outcome.decision.reason);
    else core.info(outcome.decision.reason);
  } catch (error) {
    core.setFailed(error instanceof InputError ? error.message : `sandbox-gate: ${(error as Error).message}`);
  }
}

/** The post step: remove every container this run labelled, even after a cancelled job. */
export async function cleanup(): Promise<void> {
  const runId = core.getState(STATE_RUN_ID);
  if (!runId) return;
  try {
    const removed = await new CliEngine({ binary: core.getState(STATE_ENGINE) || "docker" }).removeLabelled(
      `${RUN_LABEL}=${runId}`,
    );
    if (removed.length)
      core.info(`removed ${removed.length} leftover(s) of this run (containers, then images): ${removed.join(", ")}`);
  } catch (error) {
    core.warning(`sandbox-gate cleanup: ${(error as Error).message}`);
  }
}
