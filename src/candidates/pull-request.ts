// `source: pull-request`: the pull request's own diff, as one patch. GitHub sends it unless it is over
// its limits (300 files or 20 000 lines: a 406); then the checkout's git history gives the same diff,
// from the merge base to the head, as GitHub computes it.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { GitHubError, type GitHubClient } from "../github/client.js";
import { InputError } from "../core/errors.js";
import { fromList, type CandidateSource } from "./source.js";

const run = promisify(execFile);
/** A pull request GitHub will not send is large, but a diff in memory has to end somewhere. */
const MAX_DIFF_BYTES = 256 * 1024 * 1024;

export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
}

/** The pull request an event is about: its page, and the commits the event names (a `pull_request` event does). */
export interface PullRequestEvent extends PullRequestRef {
  url: string;
  refs?: { base: string; head: string };
}

export interface PullRequestDiff {
  text: string;
  /** The diff's bytes, when they are at hand (from git): a file that is not UTF-8 keeps them. */
  bytes?: Uint8Array;
  /** Where it came from: said in the log, since a diff from git is only as good as the checkout's history. */
  from: "github" | "git";
}

/**
 * The diff of `pr`, from GitHub, or from the checkout at `workdir` when GitHub refuses it as too large.
 * `refs` are the commits the event names (a `pull_request` event does); otherwise GitHub is asked.
 */
export async function pullRequestDiff(
  client: GitHubClient,
  pr: PullRequestRef,
  workdir: string,
  refs: { base: string; head: string } | undefined,
  log: (line: string) => void,
): Promise<PullRequestDiff> {
  try {
    return { text: await client.getPullRequestDiff(pr.owner, pr.repo, pr.number), from: "github" };
  } catch (error) {
    if (!(error instanceof GitHubError && error.status === 406)) throw error;
    const { base, head } = refs ?? (await client.getPullRequestRefs(pr.owner, pr.repo, pr.number));
    log(
      `GitHub refused the pull request's diff (${error.message}); taking it from the checkout's git history, ${base.slice(0, 12)}...${head.slice(0, 12)}`,
    );
    const bytes = await gitDiff(workdir, pr, base, head);
    return { text: bytes.toString("utf8"), bytes, from: "git" };
  }
}

/** The pull request's own diff, as one patch candidate. */
export function pullRequestSource(
  client: GitHubClient,
  pr: PullRequestEvent,
  workdir: string,
  log: (line: string) => void,
): CandidateSource {
  return {
    async entries() {
      const diff = await pullRequestDiff(client, pr, workdir, pr.refs, log);
      log(`the pull request's diff: ${diff.from === "github" ? "from GitHub" : "from the checkout's git history"}`);
      const { number, url } = pr;
      const candidate = { id: `pull-${number}`, source: url, url, kind: "patch" as const, text: diff.text };
      return fromList([{ candidate: diff.bytes ? { ...candidate, bytes: diff.bytes } : candidate }]);
    },
  };
}

async function gitDiff(workdir: string, pr: PullRequestRef, base: string, head: string): Promise<Buffer> {
  for (const [which, sha] of [
    ["base", base],
    ["head", head],
  ] as const) {
    const present = await run("git", ["-C", workdir, "cat-file", "-e", `${sha}^{commit}`]).then(
      () => true,
      () => false,
    );
    if (!present) {
      throw new InputError(
        "source",
        `GitHub refused the pull request's diff as too large, and the checkout lacks its ${which} commit ${sha.slice(0, 12)}: check out with actions/checkout's \`fetch-depth: 0\` (and, for a fork's pull request, \`git fetch origin pull/${pr.number}/head\`) so the gate can take the diff from git`,
      );
    }
  }
  // The user's git settings stay out of it: no colour, no external diff, names quoted as git quotes them.
  const args = [
    "-C",
    workdir,
    "-c",
    "core.quotePath=true",
    "diff",
    "--no-color",
    "--no-ext-diff",
    "-M",
    `${base}...${head}`,
  ];
  return (await run("git", args, { maxBuffer: MAX_DIFF_BYTES, encoding: "buffer" })).stdout;
}
