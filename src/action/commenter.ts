// The fork-safe commenter (`post-report`): a `workflow_run` job with a write token posts what a
// `pull_request` job with a read-only token judged. It runs nothing. The report is an artifact of a run
// whose workflow a fork may have rewritten, so it is untrusted input: checked against the report's
// schema, capped in size, every field escaped by the renderer, links kept only where they point into the
// pull request. The pull request is found from the event's head SHA through the API, never from anything
// in the artifact; and a report that claims a pass its own run did not conclude does not pass.
import { resolve } from "node:path";
import { stat, readFile } from "node:fs/promises";
import { conversationVerdict, type Verdict } from "./conversation.js";
import type { GitHubClient, PullRequestHead } from "../github/client.js";
import type { Result } from "../core/model.js";
import { parseReport } from "../report/merge.js";
import { renderSummary } from "../report/markdown.js";
import { newResult, type Report } from "../core/schemas/report.js";
import { InputError } from "../core/errors.js";
import type { Settings } from "../settings/settings.js";
import { commitUrl, finishedRun, markersOf, type ActionContext, type FinishedRun } from "./context.js";
import type { ActionIO } from "./io.js";
import { checkName, commentInput, nothingToJudge, Publisher, verdictCheck, type ReportParts } from "./publish.js";

/** A report file larger than this is refused before it is read. */
export const REPORT_MAX_BYTES = 32 * 1024 * 1024;
/** Results shown at most; a report with more is cut, and says so. */
export const RESULTS_MAX = 1000;
/** Characters kept of each text field: the comment could not show more anyway. */
const FIELD_MAX = 65_536;
/** The pull requests one head SHA may be posted on, at most. */
const PULLS_MAX = 5;

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

/** The run that made the report knows whether it passed; a pass it did not conclude is not its report's. Pure. */
export function claimedVerdict(judged: Verdict, conclusion: string): Verdict {
  if (judged.failed || conclusion === "success") return judged;
  return {
    ...judged,
    failed: true,
    ours: false,
    reason: `the report claims a pass, but the run that made it concluded ${conclusion}`,
  };
}

/** The open pull requests the run's head heads, at most PULLS_MAX. */
async function openPullsAt(
  client: GitHubClient,
  repo: { owner: string; repo: string },
  run: FinishedRun,
  io: ActionIO,
): Promise<PullRequestHead[]> {
  const pulls = (await client.pullRequestsAt(repo.owner, repo.repo, run.headSha, run.head))
    .filter((p) => p.state === "open")
    .slice(0, PULLS_MAX);
  io.info(
    pulls.length > 0
      ? `head ${run.headSha.slice(0, 7)} heads ${pulls.map((p) => `#${p.number}`).join(", ")}`
      : `no open pull request is at ${run.headSha}: the check alone is posted`,
  );
  return pulls;
}

/** Posts the report's comment on every open pull request at the run's head, and one check on the head. */
export async function postReport(
  settings: Settings,
  client: GitHubClient,
  context: ActionContext,
  io: ActionIO,
): Promise<void> {
  const run = finishedRun(context);
  const { owner, repo } = context.repo;
  const { results, cut, base } = await readArtifact(
    resolve(settings.source.workdir, settings.reports.postReport),
    settings.reports.postReport,
  );
  if (cut > 0) io.warn(`sandbox-gate: the report holds ${cut} results more than the ${RESULTS_MAX} shown`);
  const gate = claimedVerdict(
    conversationVerdict(results, settings.reports.failOn, settings.reports.decide),
    run.conclusion,
  );
  const pulls = await openPullsAt(client, context.repo, run, io);
  const { marker } = markersOf(settings.conversation, process.env);
  const identity = pulls.length > 0 ? await client.whoAmI() : undefined;
  const parts = (pull: PullRequestHead | undefined): ReportParts => ({
    // With no pull request to point into, no link is kept.
    results: keepLinksInto(results, pull?.url ?? "\u0000"),
    skipped: [],
    verdict: gate,
    marker,
    commit: { sha: run.headSha, url: commitUrl(context, run.headSha) },
    ...(run.url && { runUrl: run.url }),
    ...(base && { base }),
    ...(pull && { pullRequest: { number: pull.number, url: pull.url } }),
  });
  const publisher = new Publisher(io);
  for (const pull of pulls) {
    await publisher.comment(client, {
      owner,
      repo,
      issue: pull.number,
      marker,
      input: commentInput(parts(pull)),
      // A report of nothing to judge (a human's pull request) makes no comment, as the run's own would not.
      create: !nothingToJudge(results, { count: 0 }),
      ...(identity && { author: identity }),
      refused: (message) =>
        `sandbox-gate could not comment on #${pull.number} (${message}): give the job pull-requests: write`,
    });
  }
  const first = commentInput(parts(pulls[0]));
  await publisher.summary(renderSummary(first));
  await publisher.check(
    client,
    { owner, repo, name: checkName(settings.conversation), headSha: run.headSha },
    verdictCheck(first),
  );
  io.debug(`posted a report of ${results.length} results; the verdict: ${gate.reason}`);
}
