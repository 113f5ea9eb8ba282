// The few GitHub REST calls the action makes, behind a small interface: callers never see octokit,
// and tests run the real client against a fake server that checks every request against GitHub's
// published OpenAPI description.
import { getOctokit } from "@actions/github";
import { ACTIONS_BOT_ACCOUNT } from "./authors.js";
import { DEFAULT_RETRY, retryDelay, type FailedAttempt, type RetryPolicy } from "./retry.js";

/** An issue comment, a review comment or a review: what a reply needs. */
export interface Comment {
  id: number;
  body: string;
  /** The comment on github.com. */
  url: string;
  /** `ghost` once the account is deleted. */
  author: string;
  /** `User`, `Bot` or `Organization`. */
  authorType: string;
  /** The author's account id; null once the account is deleted. */
  authorId: number | null;
  createdAt: string;
  /** Changes with every edit of the body (a review's: its submission time). */
  updatedAt: string;
  /** The GraphQL id, for what REST does not tell (who edited it last). */
  nodeId: string;
}

/**
 * Who the token is. `user`: GET /user answered (a personal access token); `viewer`: GraphQL's viewer
 * answered (an installation token: the workflow's GITHUB_TOKEN or a GitHub App's); `assumed`: neither
 * did, and the token is taken for the GITHUB_TOKEN, whose comments github-actions[bot] writes.
 */
export interface Identity {
  login: string;
  /** The account id comments carry as `user.id`; absent when assumed. */
  id?: number;
  via: "user" | "viewer" | "assumed";
}

/** The last edit of a comment, as GraphQL tells it; `editor` null when nobody edited it since it was written. */
export interface LastEdit {
  editor: string | null;
  editedAt: string | null;
}

/** A pull request as the commenter needs it: which one, and the commit its head is at. */
export interface PullRequestHead {
  number: number;
  state: string;
  headSha: string;
  url: string;
}

/** A comment that takes reactions: an issue comment or a review comment (a review takes none). */
export interface ReactionTarget {
  kind: "comment" | "review-comment";
  id: number;
}

export type ReactionContent = "eyes" | "rocket" | "-1";

export interface CheckRun {
  name: string;
  headSha: string;
  conclusion: "success" | "failure" | "neutral";
  title: string;
  /** Markdown, at most 65 535 characters. */
  summary: string;
  detailsUrl?: string;
  /** Our mark on the check run: what tells ours from another of that name (a job's, another App's). */
  externalId?: string;
}

/** A check run already on a commit, as listed: any App's. */
export interface ListedCheckRun {
  id: number;
  url: string;
  externalId: string;
}

export interface ReviewComment extends Comment {
  path: string;
  line: number | null;
}

export interface Review extends Comment {
  /** `APPROVED`, `CHANGES_REQUESTED`, `COMMENTED`, … */
  state: string;
}

export interface GitHubClient {
  listIssueComments(owner: string, repo: string, issue: number): Promise<Comment[]>;
  listReviewComments(owner: string, repo: string, pull: number): Promise<ReviewComment[]>;
  /** Review bodies are replies too. */
  listReviews(owner: string, repo: string, pull: number): Promise<Review[]>;
  createComment(owner: string, repo: string, issue: number, body: string): Promise<Comment>;
  updateComment(owner: string, repo: string, commentId: number, body: string): Promise<Comment>;
  /** The pull request as one unified diff. */
  getPullRequestDiff(owner: string, repo: string, pull: number): Promise<string>;
  /** The commits the pull request goes from and to. */
  getPullRequestRefs(owner: string, repo: string, pull: number): Promise<{ base: string; head: string }>;
  /** Who the token is; never throws for a token GitHub accepts (see Identity). */
  whoAmI(): Promise<Identity>;
  /** Who edited a comment last (GraphQL: REST does not say). */
  lastEdit(nodeId: string): Promise<LastEdit>;
  /** The pull requests whose head is at `sha`, found through the commit and, failing that, the head branch. */
  pullRequestsAt(owner: string, repo: string, sha: string, head?: string): Promise<PullRequestHead[]>;
  createCheckRun(owner: string, repo: string, check: CheckRun): Promise<{ id: number; url: string }>;
  /** The check runs named `name` on commit `sha`, every App's (one page: a commit has few of one name). */
  listCheckRuns(owner: string, repo: string, sha: string, name: string): Promise<ListedCheckRun[]>;
  /** Rewrites a check run; only the App that created it may (GitHub refuses others with 403 or 404). */
  updateCheckRun(owner: string, repo: string, id: number, check: CheckRun): Promise<{ id: number; url: string }>;
  /** Adds a reaction (GitHub answers with the existing one when it is there already); its id. */
  react(owner: string, repo: string, target: ReactionTarget, content: ReactionContent): Promise<number>;
  unreact(owner: string, repo: string, target: ReactionTarget, reactionId: number): Promise<void>;
}

/** A request GitHub refused for good: the status tells the caller whether to degrade (403, 404, 422). */
export class GitHubError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly request: string,
  ) {
    super(`${request}: ${status} ${message}`);
    this.name = "GitHubError";
  }
}

export interface GitHubClientOptions {
  /** `GITHUB_API_URL` by default, so GitHub Enterprise Server works. */
  baseUrl?: string;
  retry?: Partial<RetryPolicy>;
  /** Told about every retry before its wait. */
  onRetry?: (notice: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

interface HttpError {
  status: number;
  message: string;
  response?: { headers: Record<string, unknown>; data: unknown };
}

function isHttpError(error: unknown): error is HttpError {
  return error instanceof Error && typeof (error as Partial<HttpError>).status === "number";
}

function failedAttempt(error: HttpError, method: string, attempt: number): FailedAttempt {
  const headers = Object.fromEntries(
    Object.entries(error.response?.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
  );
  const data = error.response?.data;
  const message = typeof data === "object" && data !== null && "message" in data ? String(data.message) : error.message;
  return { method, status: error.status, headers, message, attempt };
}

interface ApiUser {
  login: string;
  id: number;
  type: string;
}

interface ApiComment {
  id: number;
  node_id: string;
  body?: string | null;
  html_url: string;
  user: ApiUser | null;
  created_at: string;
  updated_at: string;
}

function toComment(c: ApiComment): Comment {
  return {
    id: c.id,
    body: c.body ?? "",
    url: c.html_url,
    author: c.user?.login ?? "ghost",
    authorType: c.user?.type ?? "User",
    authorId: c.user?.id ?? null,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    nodeId: c.node_id,
  };
}

interface ApiPull {
  number: number;
  state: string;
  html_url: string;
  head: { sha: string };
}

const toHead = (p: ApiPull): PullRequestHead => ({
  number: p.number,
  state: p.state,
  headSha: p.head.sha,
  url: p.html_url,
});

// An installation token may not read /user: GitHub says so with a 403 (or a 401 on some servers).
const NOT_A_USER = new Set([401, 403]);

interface Viewer {
  viewer: { login: string; databaseId: number | null };
}

interface EditedNode {
  node: { editor: { login: string } | null; lastEditedAt: string | null } | null;
}

type Octokit = ReturnType<typeof getOctokit>;

/** The client: one octokit, every request retried as `options` says, the calls grouped by what they touch. */
export function createGitHubClient(token: string, options: GitHubClientOptions = {}): GitHubClient {
  const octokit = retryingOctokit(token, options);
  return {
    ...commentCalls(octokit),
    ...pullRequestCalls(octokit),
    ...identityCalls(octokit),
    ...reactionCalls(octokit),
    ...checkCalls(octokit),
  };
}

function retryingOctokit(token: string, options: GitHubClientOptions): Octokit {
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const octokit = getOctokit(token, {
    baseUrl: options.baseUrl ?? process.env.GITHUB_API_URL ?? "https://api.github.com",
  });
  // Every request, each page of a listing included, goes through here.
  octokit.hook.wrap("request", async (request, endpoint) => {
    const name = `${endpoint.method} ${endpoint.url}`;
    for (let attempt = 1; ; attempt++) {
      try {
        return await request(endpoint);
      } catch (error) {
        if (!isHttpError(error)) throw error;
        const failed = failedAttempt(error, endpoint.method, attempt);
        const wait = retryDelay(failed, policy, now());
        if (wait === undefined) throw new GitHubError(failed.message, failed.status, name);
        options.onRetry?.(
          `${name}: ${failed.status} ${failed.message}; attempt ${attempt + 1} of ${policy.maxAttempts} in ${wait} ms`,
        );
        await sleep(wait);
      }
    }
  });
  return octokit;
}

// Every page of a listing, as many items a page as GitHub gives.
const PER_PAGE = 100;
const onIssue = (owner: string, repo: string, issue: number) => ({
  owner,
  repo,
  issue_number: issue,
  per_page: PER_PAGE,
});
const onPull = (owner: string, repo: string, pull: number) => ({ owner, repo, pull_number: pull, per_page: PER_PAGE });

type CommentCalls = "listIssueComments" | "listReviewComments" | "listReviews" | "createComment" | "updateComment";

function commentCalls(octokit: Octokit): Pick<GitHubClient, CommentCalls> {
  return {
    async listIssueComments(owner, repo, issue) {
      const comments = await octokit.paginate(octokit.rest.issues.listComments, onIssue(owner, repo, issue));
      return comments.map((c) => toComment(c));
    },
    async listReviewComments(owner, repo, pull) {
      const comments = await octokit.paginate(octokit.rest.pulls.listReviewComments, onPull(owner, repo, pull));
      return comments.map((c) => ({ ...toComment(c), path: c.path, line: c.line ?? null }));
    },
    async listReviews(owner, repo, pull) {
      const reviews = await octokit.paginate(octokit.rest.pulls.listReviews, onPull(owner, repo, pull));
      // A pending review has no submission time yet; only its author can see it anyway. A review has no
      // updated_at: its submission time stands in, and the body's hash tells an edit (verdict-state.ts).
      return reviews.map((r) => ({
        ...toComment({ ...r, created_at: r.submitted_at ?? "", updated_at: r.submitted_at ?? "" }),
        state: r.state,
      }));
    },
    async createComment(owner, repo, issue, body) {
      const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body });
      return toComment(data);
    },
    async updateComment(owner, repo, commentId, body) {
      const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: commentId, body });
      return toComment(data);
    },
  };
}

type PullRequestCalls = "getPullRequestDiff" | "getPullRequestRefs" | "pullRequestsAt";

function pullRequestCalls(octokit: Octokit): Pick<GitHubClient, PullRequestCalls> {
  return {
    async getPullRequestDiff(owner, repo, pull) {
      const { data } = await octokit.rest.pulls.get({
        owner,
        repo,
        pull_number: pull,
        headers: { accept: "application/vnd.github.diff" },
      });
      // Typed as the JSON pull request; with this media type GitHub sends the diff as text.
      const diff: unknown = data;
      if (typeof diff !== "string") throw new Error(`GitHub sent no diff for ${owner}/${repo}#${pull}`);
      return diff;
    },
    async getPullRequestRefs(owner, repo, pull) {
      const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: pull });
      return { base: data.base.sha, head: data.head.sha };
    },
    async pullRequestsAt(owner, repo, sha, head) {
      const atSha = (pulls: ApiPull[]) => pulls.filter((p) => p.head.sha === sha).map(toHead);
      const associated = atSha(
        await octokit.paginate(octokit.rest.repos.listPullRequestsAssociatedWithCommit, {
          owner,
          repo,
          commit_sha: sha,
          per_page: PER_PAGE,
        }),
      );
      if (associated.length > 0 || head === undefined) return associated;
      // A fork's commit is not always associated with the pull request it heads: ask by the head branch.
      return atSha(
        await octokit.paginate(octokit.rest.pulls.list, { owner, repo, state: "open", head, per_page: PER_PAGE }),
      );
    },
  };
}

function identityCalls(octokit: Octokit): Pick<GitHubClient, "whoAmI" | "lastEdit"> {
  return {
    async whoAmI() {
      try {
        const { data } = await octokit.rest.users.getAuthenticated();
        return { login: data.login, id: data.id, via: "user" };
      } catch (error) {
        if (!(error instanceof GitHubError && NOT_A_USER.has(error.status))) throw error;
      }
      // GET /app wants the App's JWT, and GET /installation/repositories names repositories, not the
      // App: GraphQL's viewer is what names an installation token's bot (`<app-slug>[bot]`).
      try {
        const { viewer } = await octokit.graphql<Viewer>("query { viewer { login databaseId } }");
        return { login: viewer.login, ...(viewer.databaseId !== null && { id: viewer.databaseId }), via: "viewer" };
      } catch (error) {
        if (error instanceof GitHubError && !NOT_A_USER.has(error.status)) throw error;
        return { ...ACTIONS_BOT_ACCOUNT, via: "assumed" };
      }
    },
    async lastEdit(nodeId) {
      const { node } = await octokit.graphql<EditedNode>(
        "query($id: ID!) { node(id: $id) { ... on IssueComment { editor { login } lastEditedAt } } }",
        { id: nodeId },
      );
      return { editor: node?.editor?.login ?? null, editedAt: node?.lastEditedAt ?? null };
    },
  };
}

function reactionCalls(octokit: Octokit): Pick<GitHubClient, "react" | "unreact"> {
  return {
    async react(owner, repo, { kind, id }, content) {
      const params = { owner, repo, comment_id: id, content };
      const { data } =
        kind === "comment"
          ? await octokit.rest.reactions.createForIssueComment(params)
          : await octokit.rest.reactions.createForPullRequestReviewComment(params);
      return data.id;
    },
    async unreact(owner, repo, { kind, id }, reactionId) {
      const params = { owner, repo, comment_id: id, reaction_id: reactionId };
      if (kind === "comment") await octokit.rest.reactions.deleteForIssueComment(params);
      else await octokit.rest.reactions.deleteForPullRequestComment(params);
    },
  };
}

/** A check run's fields as GitHub takes them, for a create and an update alike. */
const checkRunBody = (check: CheckRun) => ({
  name: check.name,
  status: "completed" as const,
  conclusion: check.conclusion,
  ...(check.detailsUrl !== undefined && { details_url: check.detailsUrl }),
  ...(check.externalId !== undefined && { external_id: check.externalId }),
  output: { title: check.title, summary: check.summary },
});

function checkCalls(octokit: Octokit): Pick<GitHubClient, "createCheckRun" | "listCheckRuns" | "updateCheckRun"> {
  return {
    async createCheckRun(owner, repo, check) {
      const { data } = await octokit.rest.checks.create({
        owner,
        repo,
        head_sha: check.headSha,
        ...checkRunBody(check),
      });
      return { id: data.id, url: data.html_url ?? "" };
    },
    async listCheckRuns(owner, repo, sha, name) {
      const { data } = await octokit.rest.checks.listForRef({
        owner,
        repo,
        ref: sha,
        check_name: name,
        filter: "latest",
        per_page: PER_PAGE,
      });
      return data.check_runs.map((c) => ({ id: c.id, url: c.html_url ?? "", externalId: c.external_id ?? "" }));
    },
    async updateCheckRun(owner, repo, id, check) {
      const { data } = await octokit.rest.checks.update({ owner, repo, check_run_id: id, ...checkRunBody(check) });
      return { id: data.id, url: data.html_url ?? "" };
    },
  };
}
