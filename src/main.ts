// The action: settings → candidates → images first → every candidate sandboxed → report → gate.
import * as core from "@actions/core";
import * as github from "@actions/github";
import { randomBytes } from "node:crypto";
import { relative, resolve, sep } from "node:path";
import { selectCandidates, type AgentComment } from "./candidates/comments.js";
import type { DatasetEntry } from "./candidates/dataset.js";
import { candidatesFromFiles } from "./candidates/files.js";
import { resolveGlobs } from "./candidates/glob.js";
import { loadBaseline, mergeOutcome } from "./evaluation-run.js";
import { runGate, type GateOutcome } from "./gate.js";
import { createGitHubClient, type GitHubClient } from "./github.js";
import { loadTestFiles } from "./prepare/tests.js";
import { buildAnnotations } from "./report/annotations.js";
import { upsertStickyComment } from "./report/comment.js";
import { evaluate, renderEvaluationMarkdown, renderEvaluationText } from "./report/evaluation.js";
import { writeReports } from "./report/files.js";
import { compactResults } from "./report/json.js";
import { SUMMARY_MAX_LENGTH, renderComment, renderSummary, stickyMarker, type CommentInput } from "./report/markdown.js";
import { CliEngine } from "./sandbox/engines/cli.js";
import { exitOnSignals } from "./sandbox/signals.js";
import { type ContainerEngine, RUN_LABEL } from "./sandbox/engine.js";
import { createEngine } from "./sandbox/select.js";
import { InputError, readSettings, type InputName, type Settings } from "./settings.js";

const STATE_RUN_ID = "run-id";
const STATE_ENGINE = "engine";
// Every comment the gate writes starts with this; it is never taken for an agent's reply.
const GATE_MARKER_PREFIX = "<!-- sandbox-gate:";
// Retried body after a 422: a quarter of the limit, so it fits even where GitHub counts bytes.
const SHORT_COMMENT_LENGTH = 16_384;

interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
}

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

async function candidateEntries(settings: Settings, client: GitHubClient | undefined, pr: PullRequestRef | undefined): Promise<AsyncIterable<DatasetEntry>> {
  if (settings.source === "files") return candidatesFromFiles(await resolveGlobs("files", settings.files, settings.workdir));
  if (!pr || !client) throw new InputError("source", `'${settings.source}' needs a pull_request or issue_comment event on a pull request`);
  if (settings.source === "comments") {
    const candidates = selectCandidates(await agentComments(client, pr), settings.authors, GATE_MARKER_PREFIX);
    return fromList(candidates.map((candidate) => ({ candidate })));
  }
  const diff = await client.getPullRequestDiff(pr.owner, pr.repo, pr.number);
  const url = `${github.context.serverUrl}/${pr.owner}/${pr.repo}/pull/${pr.number}`;
  return fromList([{ candidate: { id: `pull-${pr.number}`, source: url, url, kind: "patch", text: diff } }]);
}

function setOutputs(outcome: GateOutcome, settings: Settings, reportPath: string | undefined): void {
  const { results, decision } = outcome;
  core.setOutput("total", results.length);
  core.setOutput("passed", results.filter((r) => r.status === "pass").length);
  core.setOutput("failed", results.filter((r) => settings.failOn.has(r.status)).length);
  core.setOutput("status", decision.failed ? "fail" : "pass");
  core.setOutput("report", reportPath ?? "");
  core.setOutput("results", JSON.stringify(compactResults(results)));
}

/** `evaluation`: the markdown section that heads the job summary of an evaluation run, or "". */
async function publish(outcome: GateOutcome, settings: Settings, client: GitHubClient | undefined, pr: PullRequestRef | undefined, evaluation: string): Promise<void> {
  const { serverUrl, runId } = github.context;
  const input: CommentInput = {
    results: outcome.results,
    skipped: outcome.skipped,
    gate: outcome.decision,
    marker: stickyMarker(process.env.GITHUB_JOB ?? "default"),
    ...(runId ? { runUrl: `${serverUrl}/${github.context.repo.owner}/${github.context.repo.repo}/actions/runs/${runId}` } : {}),
  };
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const repoPrefix = relative(workspace, resolve(workspace, settings.workdir)).split(sep).join("/");
  for (const a of buildAnnotations(outcome.results, settings.failOn, repoPrefix.startsWith("..") ? "" : repoPrefix)) {
    const props = { title: a.title, file: a.file, startLine: a.startLine, startColumn: a.startColumn };
    if (a.level === "error") core.error(a.message, props);
    else core.warning(a.message, props);
  }
  // Each channel on its own: a summary that cannot be written must not cost the PR its comment.
  await core.summary
    .addRaw(evaluation + renderSummary(input, SUMMARY_MAX_LENGTH - evaluation.length))
    .write()
    .catch((error: Error) => core.warning(`sandbox-gate could not write the job summary: ${error.message}`));
  if (!settings.comment || !pr || !client) return;
  const outcomeOfComment = await upsertStickyComment(client, { ...pr, issue: pr.number, marker: input.marker, body: renderComment(input), shorten: () => renderComment(input, SHORT_COMMENT_LENGTH) });
  if (outcomeOfComment.action === "forbidden") {
    core.warning(`sandbox-gate could not comment on the pull request (${outcomeOfComment.message}); the job summary has the report.`);
  } else {
    core.info(`sticky comment ${outcomeOfComment.action}: ${outcomeOfComment.url}`);
  }
}

export async function run(): Promise<void> {
  // Only a run that judges candidates needs one; merging shard reports runs nothing.
  let engine: ContainerEngine | undefined;
  try {
    const settings = readSettings((name: InputName) => core.getInput(name), {
      defaultWorkdir: process.env.GITHUB_WORKSPACE ?? process.cwd(),
      defaultToken: process.env.GITHUB_TOKEN,
    });
    // Our token never reaches a sandbox; masking it keeps it out of logs too.
    if (settings.token) core.setSecret(settings.token);
    const runId = `${process.env.GITHUB_RUN_ID ?? "local"}-${randomBytes(4).toString("hex")}`;
    core.saveState(STATE_RUN_ID, runId);
    core.saveState(STATE_ENGINE, settings.engine);
    if (settings.merge.length === 0) {
      engine = await createEngine(settings, core.info);
      // A cancelled job gets SIGINT, then SIGTERM: remove this run's containers before the runner kills us.
      exitOnSignals(engine, `${RUN_LABEL}=${runId}`, core.warning);
    }
    const pr = pullRequestOf(github.context);
    const client = settings.token ? createGitHubClient(settings.token, { baseUrl: process.env.GITHUB_API_URL, onRetry: core.warning }) : undefined;
    const baseline = await loadBaseline(settings);
    const testFiles = await loadTestFiles(settings.tests, settings.workdir, settings.tmpfsBytes);
    // Merged shard reports get the gate's decision as if their candidates had run here.
    const outcome = engine
      ? await runGate(await candidateEntries(settings, client, pr), { settings, engine, testFiles, runId }, { log: core.info })
      : await mergeOutcome(await resolveGlobs("merge", settings.merge, settings.workdir), settings, "merge");
    const reportPath = await writeReports(settings, outcome);
    setOutputs(outcome, settings, reportPath);
    const evaluation = evaluate(outcome.results, baseline);
    core.info(renderEvaluationText(evaluation));
    const evaluationRun = settings.source === "files" || settings.merge.length > 0 || baseline !== undefined;
    await publish(outcome, settings, client, pr, evaluationRun ? `${renderEvaluationMarkdown(evaluation, outcome.results)}\n` : "");
    if (outcome.decision.failed) core.setFailed(outcome.decision.reason);
    else core.info(outcome.decision.reason);
  } catch (error) {
    core.setFailed(error instanceof InputError ? error.message : `sandbox-gate: ${(error as Error).message}`);
  } finally {
    await engine?.close();
  }
}

/** The post step: remove every container this run labelled, even after a cancelled job. */
export async function cleanup(): Promise<void> {
  const runId = core.getState(STATE_RUN_ID);
  if (!runId) return;
  try {
    const removed = await new CliEngine({ binary: core.getState(STATE_ENGINE) || "docker" }).removeLabelled(`${RUN_LABEL}=${runId}`);
    if (removed.length) core.info(`removed ${removed.length} leftover sandbox container(s): ${removed.join(", ")}`);
  } catch (error) {
    core.warning(`sandbox-gate cleanup: ${(error as Error).message}`);
  }
}
