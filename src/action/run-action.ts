// The action: settings → the pull request's conversation → images first → every new candidate
// sandboxed → report → gate. Or, with `post-report`, the fork-safe commenter (commenter.ts).
import * as core from "@actions/core";
import * as github from "@actions/github";
import { randomBytes } from "node:crypto";
import { candidateSource } from "../candidates/sources.js";
import type { PullRequestEvent, PullRequestRef } from "../candidates/pull-request.js";
import { InputError } from "../core/errors.js";
import { resolveGlobs } from "../core/globs.js";
import { createGitHubClient, GitHubError, type GitHubClient } from "../github/client.js";
import { holdsCode } from "../prepare/candidate.js";
import { runSession, type SessionIO, type Work } from "../run/run.js";
import { readSettings, type InputName, type Settings } from "../settings/settings.js";
import { rememberRun } from "./cleanup.js";
import { postReport } from "./commenter.js";
import { gateVersion, headCommitOf, markersOf, pullRequestEventOf, pullRequestOf, runUrl } from "./context.js";
import { coreIO, Groups } from "./io.js";
import { annotationPrefix, checkName, failedRunCheck, publishRun, Publisher, type CheckTarget } from "./publish.js";
import { Reactions } from "./reactions.js";
import { readThread, rememberedVerdicts, type Thread } from "./thread.js";

/**
 * What the main step knows of its pull request: none outside one, the commits it goes from and to, where
 * its check goes (the head commit), and a thread only when it is read.
 */
interface PullRequestStep {
  client?: GitHubClient;
  pr?: PullRequestRef;
  event?: PullRequestEvent;
  check?: CheckTarget;
  thread?: Thread;
}

export async function run(): Promise<void> {
  const groups = new Groups();
  let step: PullRequestStep | undefined;
  try {
    const settings = readSettings((name: InputName) => core.getInput(name), {
      defaultWorkdir: process.env.GITHUB_WORKSPACE ?? process.cwd(),
      defaultToken: process.env.GITHUB_TOKEN,
    });
    // Our token never reaches a sandbox; masking it keeps it out of logs too.
    if (settings.token) core.setSecret(settings.token);
    const client = settings.token
      ? createGitHubClient(settings.token, { baseUrl: process.env.GITHUB_API_URL, onRetry: core.warning })
      : undefined;
    if (!settings.reports.postReport) {
      step = await pullRequestStep(settings, client);
      return await judge(settings, step, groups);
    }
    if (!client) throw new InputError("github-token", "is needed to post a report");
    await postReport(settings, client, github.context, coreIO);
  } catch (error) {
    groups.leave();
    const message = error instanceof InputError ? error.message : `sandbox-gate: ${(error as Error).message}`;
    core.setFailed(message);
    // The check a branch protection rule waits for must not be left missing: it fails, naming the error.
    if (step?.client && step.check) await failCheck(step.client, step.check, message);
  }
}

async function failCheck(client: GitHubClient, target: CheckTarget, message: string): Promise<void> {
  const runId = process.env.GITHUB_RUN_ID;
  await new Publisher(coreIO)
    .check(client, target, failedRunCheck(message, runId ? runUrl(github.context, runId) : undefined))
    .catch((error: Error) => core.warning(`sandbox-gate could not post the check: ${error.message}`));
}

/**
 * The pull request the event is about, and its head commit, where the check goes: the event names it
 * (pull_request*), or GitHub is asked (issue_comment, whose run belongs to the default branch); never
 * anything a comment says. The rest of the run uses the same commits.
 */
async function pullRequestStep(settings: Settings, client: GitHubClient | undefined): Promise<PullRequestStep> {
  const pr = pullRequestOf(github.context);
  if (!pr) return { ...(client && { client }) };
  const event = pullRequestEventOf(github.context, pr);
  if (!client) return { pr, event };
  const refs = event.refs ?? (await pullRequestRefs(client, pr));
  return {
    client,
    pr,
    event: refs ? { ...event, refs } : event,
    ...(refs && {
      check: { owner: pr.owner, repo: pr.repo, name: checkName(settings.conversation), headSha: refs.head },
    }),
  };
}

async function pullRequestRefs(client: GitHubClient, pr: PullRequestRef): Promise<PullRequestEvent["refs"]> {
  try {
    return await client.getPullRequestRefs(pr.owner, pr.repo, pr.number);
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    core.warning(
      `sandbox-gate could not read #${pr.number}'s head commit (${error.message}): no check is posted on it`,
    );
    return undefined;
  }
}

async function judge(settings: Settings, step: PullRequestStep, groups: Groups): Promise<void> {
  const { client, pr } = step;
  const runId = `${process.env.GITHUB_RUN_ID ?? "local"}-${randomBytes(4).toString("hex")}`;
  rememberRun(runId, settings.mode.engine);
  if (
    pr &&
    client &&
    settings.reports.merge.length === 0 &&
    (settings.source.kind === "comments" || settings.reports.comment)
  ) {
    groups.enter(`sandbox-gate: pull request #${pr.number}`);
    step.thread = await readThread(settings, client, pr, markersOf(settings.conversation, process.env), coreIO);
  }
  // The replies about to be judged (not carried over), for their 👀; reactions only where the gate comments.
  const judging: string[] = [];
  const reactions =
    step.thread && client && pr && settings.reports.comment && settings.source.kind === "comments"
      ? new Reactions(client, pr, core.debug)
      : undefined;
  const work = await workOf(settings, step, judging);
  const outcome = await runSession(
    settings,
    work,
    runId,
    sessionIO(settings, groups, () => reactions?.watch(judging)),
  );
  groups.enter("sandbox-gate: reports");
  const publisher = new Publisher(coreIO);
  const merged = work.kind === "merge";
  const verdict = await publishRun(publisher, { settings, merged, outcome, context: github.context, ...step });
  await reactions?.settle(outcome.results);
  groups.leave();
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  publisher.annotate(
    outcome.results,
    verdict,
    settings.reports.failOn,
    annotationPrefix(workspace, settings.source.workdir),
  );
}

/** Judge the candidates the source gives, carrying remembered verdicts over; or merge shard reports. */
async function workOf(
  settings: Settings,
  { client, event, thread }: PullRequestStep,
  judging: string[],
): Promise<Work> {
  // Merged shard reports get the gate's decision as if their candidates had run here.
  if (settings.reports.merge.length > 0)
    return {
      kind: "merge",
      reports: () => resolveGlobs("merge", settings.reports.merge, settings.source.workdir),
      input: "merge",
    };
  const entries = () =>
    candidateSource(settings.source, {
      ...(client && { client }),
      ...(event && { pullRequest: event }),
      ...(thread && { replies: thread.replies }),
      ...(thread?.identity && { us: thread.identity }),
      holdsCode: (candidate) => holdsCode(candidate, settings),
      log: core.info,
    }).entries();
  if (!thread || settings.source.kind !== "comments") return { kind: "judge", entries };
  const commit = headCommitOf(github.context)?.sha;
  const remembered = rememberedVerdicts(thread, await gateVersion(), commit, judging, core.debug);
  return { kind: "judge", entries, remembered };
}

function sessionIO(settings: Settings, groups: Groups, judging: () => void): SessionIO {
  return {
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
      judging();
    },
  };
}
