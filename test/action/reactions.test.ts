// Reactions on judged replies, through the real client against the fake GitHub.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createGitHubClient } from "../../src/github/client.js";
import { reactionTarget, Reactions, verdictReaction } from "../../src/action/reactions.js";
import { result } from "../report/fixtures.js";
import { FakeGitHub, READ_ONLY_TOKEN, startFakeGitHub, TOKEN } from "../support/github-server.js";

let github: FakeGitHub;
// Each test gets its own fake, closed after it with no request outside GitHub's description.
beforeEach(async () => {
  github = await startFakeGitHub();
  return async () => {
    await github.close();
    expect(github.violations).toEqual([]);
  };
});

const REPO = { owner: "acme", repo: "app" };

describe("Reactions", () => {
  it("👀 while judging, then 🚀 for a pass and 👎 for a failure; none on a review or for our own failure", async () => {
    const passing = github.addIssueComment("acme", "app", 7, "```python\nprint(1)\n```");
    const failing = github.addReviewComment("acme", "app", 7, "```python\nraise SystemExit(1)\n```");
    const ours = github.addIssueComment("acme", "app", 7, "```python\nprint(2)\n```");
    const reactions = new Reactions(createGitHubClient(TOKEN, { baseUrl: github.url }), REPO, () => {});
    const ids = [`comment-${passing.id}`, `review-comment-${failing.id}`, `comment-${ours.id}`, "review-5"];
    reactions.watch(ids);
    // watch() does not wait for GitHub: the eyes arrive when they arrive (a fixed sleep lost the race under load).
    await vi.waitFor(
      () => expect(github.reactions.map((r) => [r.on, r.content])).toEqual(ids.slice(0, 3).map((id) => [id, "eyes"])),
      { timeout: 20_000, interval: 20 },
    );
    await reactions.settle([
      result({ id: ids[0]!, status: "pass" }),
      result({ id: ids[1]!, status: "test_failed" }),
      result({ id: ids[2]!, status: "sandbox_error" }),
    ]);
    expect(github.reactions.map((r) => [r.on, r.content])).toEqual([
      [ids[0], "rocket"],
      [ids[1], "-1"],
    ]);
  });

  it("a token that may not react is let be, after one refusal", async () => {
    const c = github.addIssueComment("acme", "app", 7, "x");
    const notes: string[] = [];
    const reactions = new Reactions(createGitHubClient(READ_ONLY_TOKEN, { baseUrl: github.url }), REPO, (n) =>
      notes.push(n),
    );
    reactions.watch([`comment-${c.id}`, `comment-${c.id + 1}`]);
    await reactions.settle([result({ id: `comment-${c.id}`, status: "pass" })]);
    expect(github.reactions).toEqual([]);
    expect(notes).toHaveLength(1);
    expect(github.requests.filter((r) => r.method === "POST").length).toBeLessThanOrEqual(2);
  });

  it("names the comment a candidate id points at", () => {
    expect(reactionTarget("comment-12")).toEqual({ kind: "comment", id: 12 });
    expect(reactionTarget("review-comment-3")).toEqual({ kind: "review-comment", id: 3 });
    expect(reactionTarget("review-4")).toBeUndefined();
    expect(reactionTarget("examples/a.md")).toBeUndefined();
    expect([verdictReaction("pass"), verdictReaction("oom"), verdictReaction("sandbox_error")]).toEqual([
      "rocket",
      "-1",
      undefined,
    ]);
  });
});
