// Where a run's verdict goes, for the action's run and the fork-safe commenter alike: the sticky comment
// on the pull request, the check on the head commit, the job summary, the step's outputs and
// annotations. Each channel on its own: one that cannot be written costs the others nothing.
import { relative, resolve, sep } from "node:path";
import type { Result, Skipped, Status } from "../core/model.js";
import type { Report } from "../core/schemas/report.js";
import { STATUS_INFO } from "../core/statuses.js";
import { upsertCheckRun } from "../github/check-run.js";
import { GitHubError, type CheckRun, type Comment, type GitHubClient, type Identity } from "../github/client.js";
import { commentKey, stickyMarker, upsertStickyComment } from "../github/sticky-comment.js";
import { buildAnnotations, limitAnnotations } from "../report/annotations.js";
import { verdictIcon } from "../report/icons.js";
import { compactResults } from "../report/json.js";
import { COMMENT_MAX_LENGTH, renderComment, type CommentInput } from "../report/markdown.js";
import { renderEvaluationMarkdown, renderEvaluationText } from "../report/evaluation.js";
import { CHECK_SUMMARY_MAX_LENGTH, SUMMARY_MAX_LENGTH, renderSummary } from "../report/markdown.js";
import type { SessionOutcome } from "../run/run.js";
import { stateBlockOf } from "../run/verdict-state.js";
import type { ConversationSettings, Settings } from "../settings/settings.js";
import type { PullRequestRef } from "../candidates/pull-request.js";
import { headCommitOf, pullRequestUrl, runUrl, type ActionContext } from "./context.js";
import { conversationVerdict, skipsOf, type Skips, type Verdict } from "./conversation.js";
import type { ActionIO } from "./io.js";
import { judgedInRuns, replySelection, stateBlock, type Thread } from "./thread.js";

export const CHECK_NAME = "sandbox-gate";
/**
 * The external_id on our check runs: a re-run updates the check that carries it and no other of that
 * name (the job's own check run, when the job is called sandbox-gate too, is the same App's).
 */
export const CHECK_MARK = "sandbox-gate";
// GitHub does not document a limit on a check's title; a verdict line is far shorter than this.
const CHECK_TITLE_MAX = 1000;
// Retried body after a 422: a quarter of the limit, so it fits even where GitHub counts bytes.
const SHORT_COMMENT_LENGTH = 16_384;

/** What a report shows, whoever judged it. */
export interface ReportParts {
  results: Result[];
  skipped: Skipped[];
  verdict: Verdict;
  marker: string;
  commit?: { sha: string; url: string };
  runUrl?: string;
  base?: Report["base"];
  pullRequest?: { number: number; url: string };
  judgedIn?: ReadonlyMap<string, string>;
}

/** The one shape the comment, the summary and the check are rendered from. Pure. */
export function commentInput({ verdict, ...parts }: ReportParts): CommentInput {
  return { ...parts, gate: verdict, deciding: verdict.deciding, ours: verdict.ours };
}

/** The sticky comment to write on one pull request. */
export interface StickyPost {
  owner: string;
  repo: string;
  issue: number;
  marker: string;
  input: CommentInput;
  /** The remembered verdicts' block that ends the comment (thread.ts stateBlock); "" for none. */
  block?: string;
  /** The comment already found (`null`: none there); undefined to look for it. */
  existing?: Comment | null;
  /** `false`: nothing was judged, so no comment is created; one already there is updated to say so. */
  create?: boolean;
  author?: Identity;
  /** The warning when the token may not comment, given GitHub's message. */
  refused: (message: string) => string;
}

/**
 * Nothing to judge: no result, and no reply left unjudged (a human's pull request, or one where only
 * comments that are no agent's reply were listed). Such a pull request gets no comment. Pure.
 */
export function nothingToJudge(results: readonly unknown[], skips: Pick<Skips, "count">): boolean {
  return results.length === 0 && skips.count === 0;
}

/** The verdict line: what a reader sees change. */
const verdictLine = (body: string) => body.split("\n").find((l) => l.startsWith("### "));

/**
 * Nothing new judged and the same verdict: the comment stands. Rewriting it anyway would, with a PAT
 * or an App's token, fire an issue_comment event and a run of its own, and that run another. Pure.
 */
export function upToDate(existing: Comment | null | undefined, block: string, body: string): boolean {
  return (
    !!existing &&
    block !== "" &&
    stateBlockOf(existing.body) === block.trim() &&
    verdictLine(existing.body) === verdictLine(body)
  );
}

/** Where this gate's check goes: its name, on the pull request's head commit. */
export interface CheckTarget {
  owner: string;
  repo: string;
  name: string;
  headSha: string;
}

/** What the check says: the verdict, the short summary, the run. */
export type CheckReport = Pick<CheckRun, "conclusion" | "title" | "summary" | "detailsUrl">;

/**
 * The check's name, what branch protection requires: `sandbox-gate`, or with what keeps this gate's
 * comment apart, the `comment-key` (else the matrix leg's values): `sandbox-gate (python)`. Keys too long
 * for a name keep their head and a hash, as the comment's marker does. Pure.
 */
export function checkName(conversation: Pick<ConversationSettings, "commentKey" | "matrix">): string {
  const { commentKey: explicit, matrix } = conversation;
  if (explicit === "" && Object.keys(matrix).length === 0) return CHECK_NAME;
  return `${CHECK_NAME} (${commentKey({ explicit, workflow: "", job: "", matrix })})`;
}

/** The check's title: the verdict line, saying so when only our side failed. Pure. */
export function checkTitle(gate: Pick<Verdict, "failed" | "ours" | "reason">): string {
  const ours = STATUS_INFO.sandbox_error;
  const note = gate.failed && gate.ours && !gate.reason.includes(ours.phrase) ? ` — ${ours.shown}` : "";
  return `${verdictIcon(gate.failed, gate.ours)} ${gate.reason}${note}`.slice(0, CHECK_TITLE_MAX);
}

/** The check of a verdict: its conclusion, its line as the title, the short summary, the run. Pure. */
export function verdictCheck(input: CommentInput): CheckReport {
  return {
    conclusion: input.gate.failed ? "failure" : "success",
    title: checkTitle({ ...input.gate, ours: input.ours === true }),
    summary: renderSummary(input, CHECK_SUMMARY_MAX_LENGTH),
    ...(input.runUrl && { detailsUrl: input.runUrl }),
  };
}

/** The check of a run that ended in an error before its verdict: a failure, naming the error. Pure. */
export function failedRunCheck(message: string, detailsUrl?: string): CheckReport {
  return {
    conclusion: "failure",
    title: `${verdictIcon(true, true)} sandbox-gate did not finish: ${message}`.slice(0, CHECK_TITLE_MAX),
    summary: `### ${verdictIcon(true, true)} sandbox-gate did not finish\n\n${message.slice(0, CHECK_SUMMARY_MAX_LENGTH - 100)}\n`,
    ...(detailsUrl && { detailsUrl }),
  };
}

/** The step's outputs (action.yml). Pure. */
export function outputsOf(
  results: readonly Result[],
  verdict: Pick<Verdict, "failed">,
  failOn: ReadonlySet<Status>,
  reportPath: string | undefined,
): Record<string, string | number> {
  return {
    total: results.length,
    passed: results.filter((r) => r.status === "pass").length,
    failed: results.filter((r) => failOn.has(r.status)).length,
    status: verdict.failed ? "fail" : "pass",
    report: reportPath ?? "",
    results: JSON.stringify(compactResults(results)),
  };
}

/** The work dir as annotations prefix their paths: relative to the workspace, "" when outside it. Pure. */
export function annotationPrefix(workspace: string, workdir: string): string {
  const prefix = relative(workspace, resolve(workspace, workdir)).split(sep).join("/");
  return prefix.startsWith("..") ? "" : prefix;
}

export class Publisher {
  constructor(readonly io: ActionIO) {}

  async summary(markdown: string): Promise<void> {
    await this.io
      .summary(markdown)
      .catch((error: Error) => this.io.warn(`sandbox-gate could not write the job summary: ${error.message}`));
  }

  /** Creates or updates the sticky comment, unless it says all this already. */
  async comment(client: GitHubClient, post: StickyPost): Promise<void> {
    const { input, block = "" } = post;
    const body = renderComment(input, COMMENT_MAX_LENGTH - block.length) + block;
    if (upToDate(post.existing, block, body)) {
      this.io.info(`the sticky comment is up to date: ${post.existing!.url}`);
      return;
    }
    const outcome = await upsertStickyComment(client, {
      owner: post.owner,
      repo: post.repo,
      issue: post.issue,
      marker: post.marker,
      body,
      shorten: () => renderComment(input, SHORT_COMMENT_LENGTH - block.length) + block,
      ...(post.author && { author: post.author }),
      ...(post.existing !== undefined && { existing: post.existing }),
      ...(post.create === false && { create: false }),
    });
    if (outcome.action === "forbidden") this.io.warn(post.refused(outcome.message));
    else if (outcome.action === "none") this.io.info("nothing to judge on this pull request: no comment written");
    else this.io.info(`sticky comment ${outcome.action}: ${outcome.url}`);
  }

  /** This gate's check on the head commit, created or updated; one GitHub refuses is a warning. */
  async check(client: GitHubClient, target: CheckTarget, report: CheckReport): Promise<void> {
    const run = { name: target.name, headSha: target.headSha, externalId: CHECK_MARK, ...report };
    try {
      const posted = await upsertCheckRun(client, target, run);
      this.io.info(`check ${target.name} ${posted.action}: ${posted.url}`);
    } catch (error) {
      if (!(error instanceof GitHubError)) throw error;
      const hint =
        error.status === 403
          ? ": give the job checks: write (the workflow's GITHUB_TOKEN or a GitHub App's token; a personal access token may not write checks)"
          : "";
      this.io.warn(`sandbox-gate could not post the check ${target.name} (${error.message})${hint}`);
    }
  }

  outputs(outputs: Record<string, string | number>): void {
    for (const [name, value] of Object.entries(outputs)) this.io.output(name, value);
  }

  /**
   * The verdict first, as the step's error when it fails (it must not be the annotation GitHub drops),
   * then the most useful of the candidates' within GitHub's 10 per step, then one notice for the rest.
   */
  annotate(results: readonly Result[], verdict: Verdict, failOn: ReadonlySet<Status>, prefix: string): void {
    if (verdict.failed) this.io.fail(verdict.reason);
    else this.io.info(verdict.reason);
    const all = buildAnnotations(results, failOn, prefix, verdict.deciding);
    const { shown, hidden } = limitAnnotations(all, verdict.failed);
    for (const a of shown) {
      const place = { title: a.title, file: a.file, startLine: a.startLine, startColumn: a.startColumn };
      this.io.annotate(a.level, a.message, place);
    }
    if (hidden > 0)
      this.io.annotate(
        "notice",
        `${hidden} more not-passing candidates are not annotated here (GitHub keeps 10 per step): see the job summary.`,
        { title: "sandbox-gate" },
      );
  }
}

/** The main step's run, as it is published. */
export interface JudgedRun {
  settings: Settings;
  /** A merge of shard reports rather than candidates judged here. */
  merged: boolean;
  outcome: SessionOutcome;
  context: ActionContext & { runId?: number };
  pr?: PullRequestRef;
  client?: GitHubClient;
  thread?: Thread;
  /** Where the check goes: on a pull request, its head commit. */
  check?: CheckTarget;
}

/**
 * The skips of the main step's run: among the replies, in conversation order, when they are the
 * candidates. A comment listed as no agent's reply is no reply left unjudged: it is not counted.
 */
function runSkips({ settings, outcome, thread }: Pick<JudgedRun, "settings" | "outcome" | "thread">): Skips {
  const replies = thread && settings.source.kind === "comments" ? replySelection(thread, settings) : undefined;
  const notReplies = new Set(replies?.skipped.map((s) => s.id));
  return skipsOf(
    outcome.skipped.filter((s) => !notReplies.has(s.id)),
    replies?.candidates ?? [],
  );
}

/** The main step's verdict, to the outputs, the job summary, the sticky comment and the check. */
export async function publishRun(publisher: Publisher, run: JudgedRun): Promise<Verdict> {
  const { settings, outcome, context, pr, client, thread } = run;
  const { info } = publisher.io;
  if (outcome.carried !== undefined)
    info(`${outcome.results.length - outcome.carried} judged, ${outcome.carried} carried over from earlier runs`);
  const skips = runSkips(run);
  const verdict = conversationVerdict(outcome.results, settings.reports.failOn, settings.reports.decide, skips);
  publisher.outputs(outputsOf(outcome.results, verdict, settings.reports.failOn, outcome.reportPath));
  info(renderEvaluationText(outcome.evaluation));
  const evaluationRun = settings.source.kind === "files" || run.merged || settings.reports.baseline !== "";
  const evaluation = evaluationRun ? `${renderEvaluationMarkdown(outcome.evaluation, outcome.results)}\n` : "";
  const { runId } = context;
  const commit = headCommitOf(context);
  const input = commentInput({
    results: outcome.results,
    skipped: outcome.skipped,
    verdict,
    marker: thread?.marker ?? stickyMarker(),
    judgedIn: judgedInRuns(outcome.results, thread?.state, (id) => runUrl(context, id)),
    ...(runId ? { runUrl: runUrl(context, runId) } : {}),
    ...(outcome.base && { base: outcome.base }),
    ...(commit && { commit }),
    ...(pr && { pullRequest: { number: pr.number, url: pullRequestUrl(context, pr) } }),
  });
  await publisher.summary(evaluation + renderSummary(input, SUMMARY_MAX_LENGTH - evaluation.length));
  if (outcome.reportPath) info(`JSON report: ${outcome.reportPath}`);
  if (settings.reports.comment && pr && client && thread)
    await commentRun(publisher, run, input, { pr, client, thread, create: !nothingToJudge(outcome.results, skips) });
  // The check whatever `comment` says: it is what branch protection can require.
  if (client && run.check) await publisher.check(client, run.check, verdictCheck(input));
  return verdict;
}

/** The sticky comment of the main step's run. */
async function commentRun(
  publisher: Publisher,
  { outcome, context }: JudgedRun,
  input: CommentInput,
  { pr, client, thread, create }: { pr: PullRequestRef; client: GitHubClient; thread: Thread; create: boolean },
): Promise<void> {
  const { runId } = context;
  const commit = headCommitOf(context);
  await publisher.comment(client, {
    owner: pr.owner,
    repo: pr.repo,
    issue: pr.number,
    marker: input.marker,
    input,
    // The verdicts to remember: only when the replies were judged under a key (source: comments).
    block: stateBlock(outcome, thread, {
      ...(runId ? { id: String(runId) } : {}),
      ...(commit && { commit: commit.sha }),
    }),
    existing: thread.sticky ?? null,
    create,
    ...(thread.identity && { author: thread.identity }),
    refused: (message) =>
      `sandbox-gate could not comment on the pull request (${message}); the job summary has the report.`,
  });
}
