// The pull request's conversation as the gate reads it: the agents' replies (comments, review comments,
// reviews), the gate's own sticky comment, and the verdicts that comment remembers, trusted only when
// the gate itself wrote them last.
import {
  fingerprints,
  selectReplies,
  type AgentComment,
  type Fingerprint,
  type Selection,
} from "../candidates/comments.js";
import type { PullRequestRef } from "../candidates/pull-request.js";
import type { Result } from "../core/model.js";
import { ACTIONS_BOT } from "../github/authors.js";
import type { Comment, GitHubClient, Identity } from "../github/client.js";
import { findStickyComment } from "../github/sticky-comment.js";
import type { Remembered } from "../run/run.js";
import {
  carriedOver,
  judgedIn,
  nextState,
  renderState,
  trustedState,
  type VerdictState,
} from "../run/verdict-state.js";
import { holdsCode } from "../prepare/candidate.js";
import type { Settings } from "../settings/settings.js";
import type { ActionLog } from "./io.js";

/** What the pull request says: the agents' replies, the gate's own comment and the verdicts it remembers. */
export interface Thread {
  replies: AgentComment[];
  fingerprints: Map<string, Fingerprint>;
  issueComments: Comment[];
  identity?: Identity;
  sticky?: Comment;
  marker: string;
  state?: VerdictState;
}

/** The comments of `pr`; review comments and reviews too when they are the candidates (`source: comments`). */
async function conversation(
  client: GitHubClient,
  pr: PullRequestRef,
  withReplies: boolean,
): Promise<Pick<Thread, "replies" | "issueComments">> {
  const [issueComments, reviewComments, reviews] = await Promise.all([
    client.listIssueComments(pr.owner, pr.repo, pr.number),
    withReplies ? client.listReviewComments(pr.owner, pr.repo, pr.number) : [],
    withReplies ? client.listReviews(pr.owner, pr.repo, pr.number) : [],
  ]);
  const replies: AgentComment[] = withReplies
    ? [
        ...issueComments.map((c) => ({ kind: "comment" as const, ...c })),
        ...reviewComments.map((c) => ({ kind: "review-comment" as const, ...c })),
        ...reviews.map((c) => ({ kind: "review" as const, ...c })),
      ]
    : [];
  return { replies, issueComments };
}

export async function readThread(
  settings: Settings,
  client: GitHubClient,
  pr: PullRequestRef,
  markers: { marker: string; legacy?: string },
  log: ActionLog,
): Promise<Thread> {
  const { marker, legacy } = markers;
  const comments = settings.source.kind === "comments";
  const { replies, issueComments } = await conversation(client, pr, comments);
  const thread: Thread = { replies, fingerprints: fingerprints(replies), issueComments, marker };
  log.info(`${replies.length} comments and reviews on #${pr.number}; the gate's comment is marked ${marker}`);
  if (!settings.reports.comment && !comments) return thread;
  // Who the gate writes as: its comment is the one with its marker by this author, and only that one is
  // no reply (an agent's comment that carries the marker is judged like any other).
  thread.identity = await client.whoAmI();
  log.info(`the token writes as ${thread.identity.login} (learned by ${thread.identity.via})`);
  if (!settings.reports.comment) return thread;
  thread.sticky =
    findStickyComment(issueComments, marker, thread.identity) ??
    (legacy ? findStickyComment(issueComments, legacy, thread.identity) : undefined);
  log.debug(thread.sticky ? `the gate's comment: ${thread.sticky.url}` : "no comment of the gate's yet");
  if (!comments || !thread.sticky) return thread;
  if (settings.conversation.rejudge) {
    log.info("rejudge: every reply is judged again");
    return thread;
  }
  thread.state = await rememberedState(client, thread.sticky, thread.identity, log);
  return thread;
}

/** The verdicts the gate's comment remembers, if they are the gate's own; otherwise none (judge everything). */
async function rememberedState(
  client: GitHubClient,
  sticky: Comment,
  us: Identity,
  log: ActionLog,
): Promise<VerdictState | undefined> {
  let editor: string | null;
  try {
    editor = (await client.lastEdit(sticky.nodeId)).editor;
  } catch (error) {
    log.debug(`who last edited the gate's comment is unknown (${(error as Error).message}): its verdicts are not used`);
    return undefined;
  }
  const read = trustedState(sticky.body, editor, us.login);
  if (!read.ok) {
    log.info(`remembered verdicts not used: ${read.why}; every reply is judged`);
    return undefined;
  }
  log.debug(`remembered verdicts: ${read.state.entries.length}, key ${read.state.key}`);
  return read.state;
}

/**
 * The remembered verdicts as the run looks them up, at the judged commit `commit`. Each reply that has
 * to be judged afresh (none carried over) is pushed onto `judging`, for its 👀.
 */
export function rememberedVerdicts(
  thread: Thread,
  version: string,
  commit: string | undefined,
  judging: string[],
  debug: (line: string) => void,
): Remembered {
  return {
    version,
    lookup: (key: string) => {
      debug(`verdict key ${key}${thread.state?.key === key ? " (as remembered)" : ""}`);
      const carried = carriedOver(thread.state, key, thread.fingerprints, commit);
      return (candidate) => {
        const result = carried(candidate);
        if (!result) judging.push(candidate.id);
        return result;
      };
    },
  };
}

/** The earlier run that judged each carried-over result, as `url(run)` links it. */
export function judgedInRuns(
  results: readonly Result[],
  state: VerdictState | undefined,
  url: (run: string) => string,
): Map<string, string> {
  return new Map(
    results.flatMap((r) => {
      const run = r.cached ? judgedIn(state, r.id) : undefined;
      return run ? [[r.id, url(run)] as const] : [];
    }),
  );
}

/**
 * The verdicts to remember, as the block that ends the comment (with its newline); "" unless the
 * replies were judged under a key (`source: comments`).
 */
export function stateBlock(
  outcome: { key?: string; results: readonly Result[] },
  thread: Pick<Thread, "fingerprints" | "state">,
  run: { id?: string; commit?: string },
): string {
  if (outcome.key === undefined) return "";
  return `${renderState(nextState(outcome.key, outcome.results, thread.fingerprints, thread.state, run))}\n`;
}

/**
 * The replies that are candidates, in conversation order (whose newest reply is which), and the comments
 * that are none: as the comments source selects them, code found as preparing finds it.
 */
export function replySelection(thread: Pick<Thread, "replies" | "identity">, settings: Settings): Selection {
  return selectReplies(thread.replies, settings.source.authors, thread.identity ?? { login: ACTIONS_BOT }, (c) =>
    holdsCode(c, settings),
  );
}
