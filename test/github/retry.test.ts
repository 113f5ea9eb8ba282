// When a failed request is tried again: the pure decision the client's wrapper follows.
import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY, retryDelay, type FailedAttempt } from "../../src/github/retry.js";

describe("retryDelay", () => {
  const policy = { ...DEFAULT_RETRY, baseDelayMs: 100, maxWaitMs: 120_000 };
  const failed = (fields: Partial<FailedAttempt>): FailedAttempt => ({
    method: "GET",
    status: 500,
    headers: {},
    message: "",
    attempt: 1,
    ...fields,
  });

  it.each([
    ["5xx, first attempt", failed({ status: 502 }), 100],
    ["5xx, third attempt", failed({ status: 503, attempt: 3 }), 400],
    ["5xx, last attempt", failed({ status: 503, attempt: 4 }), undefined],
    ["5xx on a POST", failed({ status: 502, method: "POST" }), undefined],
    ["retry-after", failed({ status: 429, headers: { "retry-after": "7" } }), 7000],
    ["retry-after on a 403", failed({ status: 403, headers: { "retry-after": "0" } }), 0],
    [
      "primary limit",
      failed({ status: 403, headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1010" } }),
      11_000,
    ],
    [
      "primary limit already reset",
      failed({ status: 403, headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "990" } }),
      1000,
    ],
    [
      "secondary limit without retry-after",
      failed({ status: 403, message: "You have exceeded a secondary rate limit" }),
      60_000,
    ],
    ["429 without headers", failed({ status: 429 }), 60_000],
    ["plain 403", failed({ status: 403, message: "Resource not accessible by integration" }), undefined],
    ["404", failed({ status: 404 }), undefined],
    ["422", failed({ status: 422 }), undefined],
    ["a wait over the cap", failed({ status: 429, headers: { "retry-after": "121" } }), undefined],
  ])("%s", (_, attempt, expected) => {
    expect(retryDelay(attempt, policy, 1_000_000)).toBe(expected);
  });
});
