// When a GitHub request that failed is tried again, and after how long: a pure decision over the status,
// the headers and the attempt, so the client's wrapper only sleeps and repeats.

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
