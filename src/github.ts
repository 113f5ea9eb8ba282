// The few GitHub REST calls the action makes, behind a small interface: callers never see octokit,
// and tests run the real client against a fake server that checks every request against GitHub's
// published OpenAPI description.
import { getOctokit } from "@actions/github";

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
  createdAt: string;
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

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  /** First back-off after a 5xx; doubled on each further attempt. */
  baseDelayMs: number;
  /** The longest wait we accept: a rate limit that resets later than this fails now instead. */
  maxWaitMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 1000, maxWaitMs: 60_000 };

export interface FailedAttempt {
  method: string;
  status: number;
  headers: Record<string, string | undefined>;
  message: string;
  /** 1 for the first attempt. */
  attempt: number;
}

// GitHub asks to wait at least a minute after a secondary rate limit that names no retry-after.
const SECONDARY_LIMIT_MS = 60_000;
// x-ratelimit-reset has whole seconds, and our clock may run a little ahead of GitHub's.
const CLOCK_SLACK_MS = 1000;

/** How long to wait before the next attempt, or undefined to give up now. */
export function retryDelay(failed: FailedAttempt, policy: RetryPolicy, nowMs: number): number | undefined {
  if (failed.attempt >= policy.maxAttempts) return undefined;
  const backoff = policy.baseDelayMs * 2 ** (failed.attempt - 1);
  const wait = serverWait(failed, backoff, nowMs);
  return wait !== undefined && wait <= policy.maxWaitMs ? wait : undefined;
}

function serverWait(
  { method, status, headers, message }: FailedAttempt,
  backoff: number,
  nowMs: number,
): number | undefined {
  if (status === 403 || status === 429) {
    const retryAfter = Number(headers["retry-after"]);
    if (headers["retry-after"] !== undefined && Number.isFinite(retryAfter)) return Math.max(0, retryAfter * 1000);
    if (headers["x-ratelimit-remaining"] === "0" && headers["x-ratelimit-reset"] !== undefined) {
      return Math.max(0, Number(headers["x-ratelimit-reset"]) * 1000 - nowMs) + CLOCK_SLACK_MS;
    }
    if (status === 429 || /secondary rate limit/i.test(message)) return Math.max(SECONDARY_LIMIT_MS, backoff);
    return undefined; // a plain 403: the token may not do this
  }
  // A POST that failed with a 5xx may still have created the comment: repeating it could post a second one.
  if (status >= 500 && method !== "POST") return backoff;
  return undefined;
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
  type: string;
}

interface ApiComment {
  id: number;
  body?: string | null;
  html_url: string;
  user: ApiUser | null;
  created_at: string;
}

function toComment(c: ApiComment): Comment {
  return {
    id: c.id,
    body: c.body ?? "",
    url: c.html_url,
    author: c.user?.login ?? "ghost",
    authorType: c.user?.type ?? "User",
    createdAt: c.created_at,
  };
}

export function createGitHubClient(token: string, options: GitHubClientOptions = {}): GitHubClient {
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

  // Every page of a listing, 100 items a page (GitHub's most).
  const onIssue = (owner: string, repo: string, issue: number) => ({ owner, repo, issue_number: issue, per_page: 100 });
  const onPull = (owner: string, repo: string, pull: number) => ({ owner, repo, pull_number: pull, per_page: 100 });
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
      // A pending review has no submission time yet; only its author can see it anyway.
      return reviews.map((r) => ({ ...toComment({ ...r, created_at: r.submitted_at ?? "" }), state: r.state }));
    },
    async createComment(owner, repo, issue, body) {
      const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body });
      return toComment(data);
    },
    async updateComment(owner, repo, commentId, body) {
      const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: commentId, body });
      return toComment(data);
    },
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
  };
}
