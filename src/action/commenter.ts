// The fork-safe commenter (`post-report`): a `workflow_run` job with a write token posts what a
// `pull_request` job with a read-only token judged. It runs nothing. The report is an artifact of a run
// whose workflow a fork may have rewritten, so it is untrusted input: checked against the report's
// schema, capped in size, every field escaped by the renderer, links kept only where they point into the
// pull request. The pull request is found from the event's head SHA through the API, never from anything
// in the artifact; and a report that claims a pass its own run did not conclude does not pass.
import type { context as actionContext } from "@actions/github";
import { stat, readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { conversationVerdict } from "./conversation.js";
import { GitHubError, type GitHubClient, type PullRequestHead } from "../github.js";
import type { Result } from "../core/model.js";
import { stickyMarkers, upsertStickyComment } from "../report/comment.js";
import { verdictIcon } from "../report/icons.js";
import { parseReport } from "../report/merge.js";
import { CHECK_SUMMARY_MAX_LENGTH, renderComment, renderSummary, type CommentInput } from "../report/markdown.js";
import { newResult, type Report } from "../core/schemas/report.js";
import { InputError } from "../core/errors.js";
import type { Settings } from "../settings/settings.js";

/** A report file larger than this is refused before it is read. */
export const REPORT_MAX_BYTES = 32 * 1024 * 1024;
/** Results shown at most; a report with more is cut, and says so. */
export const RESULTS_MAX = 1000;
/** Characters kept of each text field: the comment could not show more anyway. */
const FIELD_MAX = 65_536;
/** The pull requests one head SHA may be posted on, at most. */
const PULLS_MAX = 5;
export const CHECK_NAME = "sandbox-gate";

export interface CommenterIO {
  info: (line: string) => void;
  warn: (line: string) => void;
  debug: (line: string) => void;
  /** Writes the job summary. */
  summary: (markdown: string) => Promise<void>;
}

/** What the commenter reads of a `workflow_run` event: GitHub wrote it, not the fork. */
interface FinishedRun {
  headSha: string;
  /** `owner:branch` of the head, to find a fork's pull request by. */
  head?: string;
  conclusion: string;
  url?: string;
}

function finishedRun(context: Pick<typeof actionContext, "eventName" | "payload" | "serverUrl">): FinishedRun {
  const run = context.payload.workflow_run as Record<string, unknown> | undefined;
  const sha = run?.head_sha;
  if (context.eventName !== "workflow_run" || typeof sha !== "string" || !/^[0-9a-f]{40,64}$/.test(sha))
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

async function readArtifact(
  path: string,
  name: string,
): Promise<{ results: Result[]; cut: number; base: Report["base"] }> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new InputError("post-report", `'${name}' is not a readable file`);
  if (info.size > REPORT_MAX_BYTES)
    throw new InputError("post-report", `'${name}' holds ${info.size} bytes, more than ${REPORT_MAX_BYTES}`);
  const report = parseReport(await readFile(path, "utf8"), name, "post-report");
  const cap = (text: string) => (text.length > FIELD_MAX ? text.slice(0, FIELD_MAX) : text);
  const results = report.results.slice(0, RESULTS_MAX).map((r) =>
    newResult({
      ...r,
      id: cap(r.id),
      source: cap(r.source),
      stdout: cap(r.stdout),
      stderr: cap(r.stderr),
      feedback: cap(r.feedback),
      ...(r.author !== undefined && { author: cap(r.author) }),
    }),
  );
  // The base line shows the base run's status and counts only, rendered as the results are.
  return { results, cut: report.results.length - results.length, base: report.base };
}

/** A result's link only where it points at a comment of this pull request: the artifact could link anywhere. */
function keepLinksInto(results: Result[], prUrl: string): Result[] {
  return results.map((r) => {
    if (r.url === undefined || r.url.startsWith(`${prUrl}#`)) return r;
    const { url: _dropped, ...rest } = r;
    void _dropped;
    return newResult(rest);
  });
}

/** Posts the report's comment on every open pull request at the run's head, and one check on the head. */
export async function postReport(
  settings: Settings,
  client: GitHubClient,
  context: Pick<typeof actionContext, "eventName" | "payload" | "serverUrl" | "repo">,
  io: CommenterIO,
): Promise<void> {
  const run = finishedRun(context);
  const { owner, repo } = context.repo;
  const { results, cut, base } = await readArtifact(
    resolve(settings.source.workdir, settings.reports.postReport),
    settings.reports.postReport,
  );
  if (cut > 0) io.warn(`sandbox-gate: the report holds ${cut} results more than the ${RESULTS_MAX} shown`);
  const judged = conversationVerdict(results, settings.reports.failOn, settings.reports.decide);
  // The run that made the report knows whether it passed; a pass it did not conclude is not its report's.
  const gate =
    !judged.failed && run.conclusion !== "success"
      ? {
          ...judged,
          failed: true,
          ours: false,
          reason: `the report claims a pass, but the run that made it concluded ${run.conclusion}`,
        }
      : judged;
  const pulls = (await client.pullRequestsAt(owner, repo, run.headSha, run.head))
    .filter((p) => p.state === "open")
    .slice(0, PULLS_MAX);
  io.info(
    pulls.length > 0
      ? `head ${run.headSha.slice(0, 7)} heads ${pulls.map((p) => `#${p.number}`).join(", ")}`
      : `no open pull request is at ${run.headSha}: the check alone is posted`,
  );
  const { marker } = stickyMarkers({
    explicit: settings.conversation.commentKey,
    workflow: process.env.GITHUB_WORKFLOW ?? "",
    job: process.env.GITHUB_JOB ?? "",
    matrix: settings.conversation.matrix,
  });
  const identity = pulls.length > 0 ? await client.whoAmI() : undefined;
  const inputFor = (pull: PullRequestHead | undefined): CommentInput => ({
    // With no pull request to point into, no link is kept.
    results: keepLinksInto(results, pull?.url ?? "\u0000"),
    skipped: [],
    gate,
    deciding: gate.deciding,
    ours: gate.ours,
    marker,
    commit: { sha: run.headSha, url: `${context.serverUrl}/${owner}/${repo}/commit/${run.headSha}` },
    ...(run.url && { runUrl: run.url }),
    ...(base && { base }),
    ...(pull && { pullRequest: { number: pull.number, url: pull.url } }),
  });
  for (const pull of pulls) {
    const input = inputFor(pull);
    const outcome = await upsertStickyComment(client, {
      owner,
      repo,
      issue: pull.number,
      marker,
      body: renderComment(input),
      shorten: () => renderComment(input, 16_384),
      ...(identity && { author: identity }),
    });
    if (outcome.action === "forbidden")
      io.warn(
        `sandbox-gate could not comment on #${pull.number} (${outcome.message}): give the job pull-requests: write`,
      );
    else io.info(`sticky comment ${outcome.action}: ${outcome.url}`);
  }
  await io
    .summary(renderSummary(inputFor(pulls[0])))
    .catch((error: Error) => io.warn(`sandbox-gate could not write the job summary: ${error.message}`));
  const summary = renderSummary(inputFor(pulls[0]), CHECK_SUMMARY_MAX_LENGTH);
  try {
    const check = await client.createCheckRun(owner, repo, {
      name: CHECK_NAME,
      headSha: run.headSha,
      conclusion: gate.failed ? "failure" : "success",
      title: `${verdictIcon(gate.failed, gate.ours)} ${gate.reason}`.slice(0, 1000),
      summary,
      ...(run.url && { detailsUrl: run.url }),
    });
    io.info(`check ${CHECK_NAME}: ${check.url}`);
  } catch (error) {
    if (!(error instanceof GitHubError && error.status === 403)) throw error;
    io.warn(`sandbox-gate could not post the check (${error.message}): give the job checks: write`);
  }
  io.debug(`posted a report of ${results.length} results; the verdict: ${gate.reason}`);
}
