// The action: settings → the pull request's conversation → images first → every new candidate
// sandboxed → report → gate. Or, with `post-report`, the fork-safe commenter (commenter.ts).
import * as core from "@actions/core";
import * as github from "@actions/github";
import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { fingerprints, selectCandidates, type AgentComment } from "../candidates/comments.js";
import { pullRequestDiff, type PullRequestRef } from "../candidates/pull-request.js";
import type { DatasetEntry } from "../candidates/dataset.js";
import { candidatesFromFiles } from "../candidates/files.js";
import { resolveGlobs } from "../core/globs.js";
import {
  carriedOver,
  nextState,
  renderState,
  stateBlockOf,
  trustedState,
  type VerdictState,
} from "../run/verdict-state.js";
import { type Fingerprint } from "../candidates/comments.js";
import { postReport } from "./commenter.js";
import { conversationVerdict, type Verdict } from "./conversation.js";
import { createGitHubClient, type Comment, type GitHubClient, type Identity } from "../github.js";
import { buildAnnotations, limitAnnotations } from "../report/annotations.js";
import { findStickyComment, stickyMarkers, upsertStickyComment } from "../report/comment.js";
import { renderEvaluationMarkdown, renderEvaluationText } from "../report/evaluation.js";
import { compactResults } from "../report/json.js";
import {
  COMMENT_MAX_LENGTH,
  SUMMARY_MAX_LENGTH,
  renderComment,
  renderSummary,
  type CommentInput,
} from "../report/markdown.js";
import { CliEngine } from "../sandbox/engines/cli.js";
import { Reactions } from "./reactions.js";
import { runSession, type SessionOutcome, type Work } from "../run/run.js";
import { RUN_LABEL } from "../sandbox/engine.js";
import { InputError } from "../core/errors.js";
import { readSettings, type InputName, type Settings } from "../settings/settings.js";

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

/**
 * The commit the candidates are judged at: the pull request's head for a pull_request event (the commit
 * a reader finds in the PR), else the workflow's checkout (an issue_comment run checks out the default branch).
 */
function commitOf(context: typeof github.context): { sha: string; url: string } | undefined {
  const pull = context.payload.pull_request as { head?: { sha?: unknown } } | undefined;
  const head = pull?.head?.sha;
  const sha = typeof head === "string" ? head : context.sha;
  if (!sha || !/^[0-9a-f]{40,64}$/.test(sha)) return undefined;
  return { sha, url: `${context.serverUrl}/${context.repo.owner}/${context.repo.repo}/commit/${sha}` };
}

/**
 * The gate's version, part of the verdict key: a hash of the running bundle (dist/index.js as the
 * action is checked out), so any other build of the gate judges every reply again.
 */
async function gateVersion(): Promise<string> {
  try {
    return createHash("sha256")
      .update(await readFile(fileURLToPath(import.meta.url)))
      .digest("hex")
      .slice(0, 16);
  } catch {
    return "unknown";
  }
}

/** One log group at a time: each phase closes the one before. */
class Groups {
  #open = false;
  enter(title: string): void {
    this.leave();
    core.startGroup(title);
    this.#open = true;
  }
  leave(): void {
    if (this.#open) core.endGroup();
    this.#open = false;
  }
}

/** What the pull request says: the agents' replies, the gate's own comment and the verdicts it remembers. */
interface Thread {
  replies: AgentComment[];
  fingerprints: Map<string, Fingerprint>;
  issueComments: Comment[];
  identity?: Identity;
  sticky?: Comment;
  marker: string;
  state?: VerdictState;
}

async function readThread(settings: Settings, client: GitHubClient, pr: PullRequestRef): Promise<Thread> {
  const { marker, legacy } = stickyMarkers({
    explicit: settings.conversation.commentKey,
    workflow: process.env.GITHUB_WORKFLOW ?? "",
    job: process.env.GITHUB_JOB ?? "",
    matrix: settings.conversation.matrix,
  });
  const comments = settings.source.kind === "comments";
  const [issueComments, reviewComments, reviews] = await Promise.all([
    client.listIssueComments(pr.owner, pr.repo, pr.number),
    comments ? client.listReviewComments(pr.owner, pr.repo, pr.number) : [],
    comments ? client.listReviews(pr.owner, pr.repo, pr.number) : [],
  ]);
  const replies: AgentComment[] = comments
    ? [
        ...issueComments.map((c) => ({ kind: "comment" as const, ...c })),
        ...reviewComments.map((c) => ({ kind: "review-comment" as const, ...c })),
        ...reviews.map((c) => ({ kind: "review" as const, ...c })),
      ]
    : [];
  const thread: Thread = { replies, fingerprints: fingerprints(replies), issueComments, marker };
  core.info(`${replies.length} comments and reviews on #${pr.number}; the gate's comment is marked ${marker}`);
  if (!settings.reports.comment) return thread;
  thread.identity = await client.whoAmI();
  core.info(`the token writes as ${thread.identity.login} (learned by ${thread.identity.via})`);
  thread.sticky =
    findStickyComment(issueComments, marker, thread.identity) ??
    (legacy ? findStickyComment(issueComments, legacy, thread.identity) : undefined);
  core.debug(thread.sticky ? `the gate's comment: ${thread.sticky.url}` : "no comment of the gate's yet");
  if (!comments || !thread.sticky) return thread;
  if (settings.conversation.rejudge) {
    core.info("rejudge: every reply is judged again");
    return thread;
  }
  thread.state = await rememberedState(client, thread.sticky, thread.identity);
  return thread;
}

/** The verdicts the gate's comment remembers, if they are the gate's own; otherwise none (judge everything). */
async function rememberedState(client: GitHubClient, sticky: Comment, us: Identity): Promise<VerdictState | undefined> {
  let editor: string | null;
  try {
    editor = (await client.lastEdit(sticky.nodeId)).editor;
  } catch (error) {
    core.debug(
      `who last edited the gate's comment is unknown (${(error as Error).message}): its verdicts are not used`,
    );
    return undefined;
  }
  const read = trustedState(sticky.body, editor, us.login);
  if (!read.ok) {
    core.info(`remembered verdicts not used: ${read.why}; every reply is judged`);
    return undefined;
  }
  core.debug(`remembered verdicts: ${read.state.entries.length}, key ${read.state.key}`);
  return read.state;
}

async function* fromList<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

async function candidateEntries(
  settings: Settings,
  client: GitHubClient | undefined,
  pr: PullRequestRef | undefined,
  thread: Thread | undefined,
): Promise<AsyncIterable<DatasetEntry>> {
  if (settings.source.kind === "files")
    return candidatesFromFiles(await resolveGlobs("files", settings.source.files, settings.source.workdir));
  if (!pr || !client)
    throw new InputError(
      "source",
      `'${settings.source.kind}' needs a pull_request or issue_comment event on a pull request`,
    );
  if (settings.source.kind === "comments") {
    const candidates = selectCandidates(thread?.replies ?? [], settings.source.authors, GATE_MARKER_PREFIX);
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

function setOutputs(outcome: SessionOutcome, verdict: Verdict, settings: Settings): void {
  const { results } = outcome;
  core.setOutput("total", results.length);
  core.setOutput("passed", results.filter((r) => r.status === "pass").length);
  core.setOutput("failed", results.filter((r) => settings.reports.failOn.has(r.status)).length);
  core.setOutput("status", verdict.failed ? "fail" : "pass");
  core.setOutput("report", outcome.reportPath ?? "");
  core.setOutput("results", JSON.stringify(compactResults(results)));
}

const runUrl = (id: string | number) =>
  `${github.context.serverUrl}/${github.context.repo.owner}/${github.context.repo.repo}/actions/runs/${id}`;

/** `evaluation`: the markdown section that heads the job summary of an evaluation run, or "". */
async function publish(
  outcome: SessionOutcome,
  verdict: Verdict,
  settings: Settings,
  client: GitHubClient | undefined,
  pr: PullRequestRef | undefined,
  thread: Thread | undefined,
  evaluation: string,
): Promise<void> {
  const { serverUrl, runId } = github.context;
  const state = thread?.state;
  const input: CommentInput = {
    results: outcome.results,
    skipped: outcome.skipped,
    gate: verdict,
    deciding: verdict.deciding,
    ours: verdict.ours,
    marker: thread?.marker ?? stickyMarkers({ explicit: "", workflow: "", job: "", matrix: {} }).marker,
    judgedIn: new Map(
      outcome.results.flatMap((r) => {
        const run = r.cached ? state?.entries.find((e) => e.id === r.id)?.run : undefined;
        return run ? [[r.id, runUrl(run)] as const] : [];
      }),
    ),
    ...(runId ? { runUrl: runUrl(runId) } : {}),
    ...(outcome.base && { base: outcome.base }),
    ...(commitOf(github.context) && { commit: commitOf(github.context) }),
    ...(pr && { pullRequest: { number: pr.number, url: `${serverUrl}/${pr.owner}/${pr.repo}/pull/${pr.number}` } }),
  };
  // Each channel on its own: a summary that cannot be written must not cost the PR its comment.
  await core.summary
    .addRaw(evaluation + renderSummary(input, SUMMARY_MAX_LENGTH - evaluation.length))
    .write()
    .catch((error: Error) => core.warning(`sandbox-gate could not write the job summary: ${error.message}`));
  if (outcome.reportPath) core.info(`JSON report: ${outcome.reportPath}`);
  if (!settings.reports.comment || !pr || !client || !thread) return;
  // The verdicts to remember: only when the replies were judged under a key (source: comments).
  const block =
    outcome.key === undefined
      ? ""
      : `${renderState(
          nextState(outcome.key, outcome.results, thread.fingerprints, state, {
            ...(runId ? { id: String(runId) } : {}),
            ...(commitOf(github.context) && { commit: commitOf(github.context)!.sha }),
          }),
        )}\n`;
  const body = renderComment(input, COMMENT_MAX_LENGTH - block.length) + block;
  // Nothing new judged and the same verdict: the comment stands. Rewriting it anyway would, with a PAT
  // or an App's token, fire an issue_comment event and a run of its own, and that run another.
  const verdictOf = (text: string) => text.split("\n").find((l) => l.startsWith("### "));
  if (
    thread.sticky &&
    block !== "" &&
    stateBlockOf(thread.sticky.body) === block.trim() &&
    verdictOf(thread.sticky.body) === verdictOf(body)
  ) {
    core.info(`the sticky comment is up to date: ${thread.sticky.url}`);
    return;
  }
  const outcomeOfComment = await upsertStickyComment(client, {
    ...pr,
    issue: pr.number,
    marker: input.marker,
    body,
    shorten: () => renderComment(input, SHORT_COMMENT_LENGTH - block.length) + block,
    ...(thread.identity && { author: thread.identity }),
    existing: thread.sticky ?? null,
  });
  if (outcomeOfComment.action === "forbidden") {
    core.warning(
      `sandbox-gate could not comment on the pull request (${outcomeOfComment.message}); the job summary has the report.`,
    );
  } else {
    core.info(`sticky comment ${outcomeOfComment.action}: ${outcomeOfComment.url}`);
  }
}

/**
 * The verdict first, as the step's error when it fails (it must not be the annotation GitHub drops),
 * then the most useful of the candidates' within GitHub's 10 per step, then one notice for the rest.
 */
function annotate(outcome: SessionOutcome, verdict: Verdict, settings: Settings): void {
  if (verdict.failed) core.setFailed(verdict.reason);
  else core.info(verdict.reason);
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const repoPrefix = relative(workspace, resolve(workspace, settings.source.workdir)).split(sep).join("/");
  const all = buildAnnotations(
    outcome.results,
    settings.reports.failOn,
    repoPrefix.startsWith("..") ? "" : repoPrefix,
    verdict.deciding,
  );
  const { shown, hidden } = limitAnnotations(all, verdict.failed);
  for (const a of shown) {
    const props = { title: a.title, file: a.file, startLine: a.startLine, startColumn: a.startColumn };
    if (a.level === "error") core.error(a.message, props);
    else core.warning(a.message, props);
  }
  if (hidden > 0)
    core.notice(
      `${hidden} more not-passing candidates are not annotated here (GitHub keeps 10 per step): see the job summary.`,
      {
        title: "sandbox-gate",
      },
    );
}

export async function run(): Promise<void> {
  const groups = new Groups();
  try {
    const settings = readSettings((name: InputName) => core.getInput(name), {
      defaultWorkdir: process.env.GITHUB_WORKSPACE ?? process.cwd(),
      defaultToken: process.env.GITHUB_TOKEN,
    });
    // Our token never reaches a sandbox; masking it keeps it out of logs too.
    if (settings.token) core.setSecret(settings.token);
    const pr = pullRequestOf(github.context);
    const client = settings.token
      ? createGitHubClient(settings.token, { baseUrl: process.env.GITHUB_API_URL, onRetry: core.warning })
      : undefined;
    if (settings.reports.postReport) {
      if (!client) throw new InputError("github-token", "is needed to post a report");
      await postReport(settings, client, github.context, {
        info: core.info,
        warn: core.warning,
        debug: core.debug,
        summary: async (markdown) => void (await core.summary.addRaw(markdown).write()),
      });
      return;
    }
    const runId = `${process.env.GITHUB_RUN_ID ?? "local"}-${randomBytes(4).toString("hex")}`;
    core.saveState(STATE_RUN_ID, runId);
    core.saveState(STATE_ENGINE, settings.mode.engine);
    let thread: Thread | undefined;
    if (
      pr &&
      client &&
      settings.reports.merge.length === 0 &&
      (settings.source.kind === "comments" || settings.reports.comment)
    ) {
      groups.enter(`sandbox-gate: pull request #${pr.number}`);
      thread = await readThread(settings, client, pr);
    }
    const version = await gateVersion();
    // The replies about to be judged (not carried over), for their 👀; reactions only where the gate comments.
    const judging: string[] = [];
    const reactions =
      thread && client && pr && settings.reports.comment && settings.source.kind === "comments"
        ? new Reactions(client, pr, core.debug)
        : undefined;
    // Merged shard reports get the gate's decision as if their candidates had run here.
    const work: Work =
      settings.reports.merge.length > 0
        ? {
            kind: "merge",
            reports: () => resolveGlobs("merge", settings.reports.merge, settings.source.workdir),
            input: "merge",
          }
        : {
            kind: "judge",
            entries: () => candidateEntries(settings, client, pr, thread),
            ...(thread &&
              settings.source.kind === "comments" && {
                remembered: {
                  version,
                  lookup: (key: string) => {
                    core.debug(`verdict key ${key}${thread.state?.key === key ? " (as remembered)" : ""}`);
                    const carried = carriedOver(thread.state, key, thread.fingerprints, commitOf(github.context)?.sha);
                    return (candidate) => {
                      const result = carried(candidate);
                      if (!result) judging.push(candidate.id);
                      return result;
                    };
                  },
                },
              }),
          };
    const outcome = await runSession(settings, work, runId, {
      log: core.info,
      warn: core.warning,
      // Apart from the progress lines: in the audit-log file, and in the log in debug mode only.
      audit: (event) => core.debug(JSON.stringify(event)),
      phase: (name, detail) => {
        if (name === "engine") {
          groups.enter(`sandbox-gate: engine (${detail})`);
          core.info(`isolation: ${settings.mode.isolation}, ${settings.mode.concurrency} sandboxes at once`);
          return;
        }
        groups.enter("sandbox-gate: images and candidates");
        reactions?.watch(judging);
      },
    });
    groups.enter("sandbox-gate: reports");
    if (outcome.carried !== undefined)
      core.info(
        `${outcome.results.length - outcome.carried} judged, ${outcome.carried} carried over from earlier runs`,
      );
    const verdict = conversationVerdict(outcome.results, settings.reports.failOn, settings.reports.decide);
    setOutputs(outcome, verdict, settings);
    core.info(renderEvaluationText(outcome.evaluation));
    const evaluationRun = settings.source.kind === "files" || work.kind === "merge" || settings.reports.baseline !== "";
    await publish(
      outcome,
      verdict,
      settings,
      client,
      pr,
      thread,
      evaluationRun ? `${renderEvaluationMarkdown(outcome.evaluation, outcome.results)}\n` : "",
    );
    await reactions?.settle(outcome.results);
    groups.leave();
    annotate(outcome, verdict, settings);
  } catch (error) {
    groups.leave();
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
