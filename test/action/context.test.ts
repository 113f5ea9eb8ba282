import { describe, expect, it } from "vitest";
import {
  finishedRun,
  headCommitOf,
  markersOf,
  pullRequestEventOf,
  pullRequestOf,
  runUrl,
  type ActionContext,
} from "../../src/action/context.js";
import { InputError } from "../../src/core/errors.js";

const SHA = "a".repeat(40);
const context = (payload: ActionContext["payload"], over: Partial<ActionContext> = {}): ActionContext => ({
  eventName: "pull_request",
  payload,
  serverUrl: "https://github.com",
  repo: { owner: "octo", repo: "app" },
  sha: "b".repeat(40),
  ...over,
});

describe("pullRequestOf", () => {
  it("a pull_request event's pull request, an issue_comment's on a pull request, none on a plain issue", () => {
    expect(pullRequestOf(context({ pull_request: { number: 7 } }))).toEqual({ owner: "octo", repo: "app", number: 7 });
    expect(pullRequestOf(context({ issue: { number: 8, pull_request: {} } }))?.number).toBe(8);
    expect(pullRequestOf(context({ issue: { number: 9 } }))).toBeUndefined();
  });
});

describe("pullRequestEventOf", () => {
  const pr = { owner: "octo", repo: "app", number: 7 };
  it("the page and, from a pull_request event, the commits it goes from and to", () => {
    const event = context({ pull_request: { number: 7, base: { sha: "1" }, head: { sha: "2" } } });
    expect(pullRequestEventOf(event, pr)).toEqual({
      ...pr,
      url: "https://github.com/octo/app/pull/7",
      refs: { base: "1", head: "2" },
    });
  });
  it("no commits from an issue_comment event: GitHub is asked when they are needed", () => {
    expect(pullRequestEventOf(context({ issue: { number: 7, pull_request: {} } }), pr).refs).toBeUndefined();
  });
});

describe("headCommitOf", () => {
  it("the pull request's head, else the checkout's commit; nothing that is not a commit id", () => {
    expect(headCommitOf(context({ pull_request: { number: 7, head: { sha: SHA } } }))).toEqual({
      sha: SHA,
      url: `https://github.com/octo/app/commit/${SHA}`,
    });
    expect(headCommitOf(context({}))?.sha).toBe("b".repeat(40));
    expect(headCommitOf(context({}, { sha: "main" }))).toBeUndefined();
  });
});

describe("a review and a review comment: events on the pull request, as the README's triggers send them", () => {
  const pull = { number: 7, base: { sha: "1".repeat(40) }, head: { sha: SHA } };
  it.each([
    [
      "pull_request_review",
      { action: "submitted", review: { id: 80, body: "```python\nprint(1)\n```" }, pull_request: pull },
    ],
    ["pull_request_review_comment", { action: "created", comment: { id: 81, body: "fix" }, pull_request: pull }],
  ])("%s: the pull request, its commits and its head, as a pull_request event's", (eventName, payload) => {
    const event = context(payload, { eventName });
    const pr = pullRequestOf(event);
    expect(pr).toEqual({ owner: "octo", repo: "app", number: 7 });
    expect(pullRequestEventOf(event, pr!)).toEqual({
      ...pr,
      url: "https://github.com/octo/app/pull/7",
      refs: { base: "1".repeat(40), head: SHA },
    });
    expect(headCommitOf(event)?.sha).toBe(SHA);
  });
});

describe("runUrl", () => {
  it("links a workflow run of this repository", () => {
    expect(runUrl(context({}), 42)).toBe("https://github.com/octo/app/actions/runs/42");
  });
});

describe("finishedRun", () => {
  const run = (over: Record<string, unknown>) =>
    context(
      {
        workflow_run: {
          head_sha: SHA,
          head_branch: "fix",
          head_repository: { owner: { login: "fork" } },
          conclusion: "success",
          html_url: "https://github.com/octo/app/actions/runs/1",
          ...over,
        },
      },
      { eventName: "workflow_run" },
    );
  it("what GitHub wrote of the run: its head, the fork's branch, its conclusion and its page", () => {
    expect(finishedRun(run({}))).toEqual({
      headSha: SHA,
      head: "fork:fix",
      conclusion: "success",
      url: "https://github.com/octo/app/actions/runs/1",
    });
  });
  it("keeps no link off this server, and says unknown for a missing conclusion", () => {
    expect(finishedRun(run({ html_url: "https://evil.example/x", conclusion: null }))).toEqual({
      headSha: SHA,
      head: "fork:fix",
      conclusion: "unknown",
    });
  });
  it("refuses any other event, naming post-report", () => {
    expect(() => finishedRun(context({ pull_request: { number: 7 } }))).toThrow(InputError);
    expect(() => finishedRun(run({ head_sha: "not-a-sha" }))).toThrow(/post-report/);
  });
});

describe("markersOf", () => {
  it("the workflow and the job by default, with the job alone as the marker an earlier version wrote", () => {
    expect(markersOf({ commentKey: "", matrix: {} }, { GITHUB_WORKFLOW: "gate", GITHUB_JOB: "judge" })).toEqual({
      marker: "<!-- sandbox-gate:gate/judge -->",
      legacy: "<!-- sandbox-gate:judge -->",
    });
  });
  it("an explicit comment-key wins", () => {
    expect(markersOf({ commentKey: "mine", matrix: {} }, { GITHUB_JOB: "judge" })).toEqual({
      marker: "<!-- sandbox-gate:mine -->",
    });
  });
});
