// The PR's own diff: from GitHub, or from the checkout's git history when GitHub refuses it as too large.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pullRequestDiff } from "../../src/candidates/pull-request.js";
import { createGitHubClient } from "../../src/github/client.js";
import { FakeGitHub, startFakeGitHub, TOKEN, TOO_LARGE } from "../support/github-server.js";
import { tempDir } from "../support/temp.js";

let github: FakeGitHub;
beforeEach(async () => {
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.close();
  expect(github.violations).toEqual([]);
});

const PR = { owner: "acme", repo: "app", number: 7 };
const client = () => createGitHubClient(TOKEN, { baseUrl: github.url, retry: { baseDelayMs: 1 } });

/** A checkout with the base commit, and the PR's head on a branch of it. */
function history(): { dir: string; base: string; head: string } {
  const dir = tempDir("pr-history");
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { encoding: "utf8" }).trim();
  git("init", "-q");
  writeFileSync(join(dir, "app.py"), "print(1)\n");
  git("add", ".");
  git("commit", "-qm", "base");
  const base = git("rev-parse", "HEAD");
  git("checkout", "-qb", "agent");
  writeFileSync(join(dir, "app.py"), "print(2)\n");
  git("commit", "-qam", "fix");
  const head = git("rev-parse", "HEAD");
  git("checkout", "-q", base);
  return { dir, base, head };
}

describe("pullRequestDiff", () => {
  it("is GitHub's diff when GitHub sends it", async () => {
    github.setDiff("acme", "app", 7, "diff --git a/x b/x\n");
    expect(await pullRequestDiff(client(), PR, "/nowhere", undefined, () => {})).toEqual({
      text: "diff --git a/x b/x\n",
      from: "github",
    });
  });

  it("comes from git, base...head, when GitHub refuses it as too large, and says so", async () => {
    const { dir, base, head } = history();
    github.setDiff("acme", "app", 7, TOO_LARGE);
    const log: string[] = [];
    const diff = await pullRequestDiff(client(), PR, dir, { base, head }, (line) => log.push(line));
    expect(diff.from).toBe("git");
    expect(diff.text).toContain("--- a/app.py\n+++ b/app.py\n@@ -1 +1 @@\n-print(1)\n+print(2)\n");
    expect(log.join("\n")).toMatch(
      /GitHub refused the pull request's diff .*maximum number of lines.*; taking it from the checkout's git history/,
    );
  });

  it("asks GitHub for the commits when the event does not name them (a comment's event)", async () => {
    const { dir, base, head } = history();
    github.setDiff("acme", "app", 7, TOO_LARGE);
    github.setRefs("acme", "app", 7, { base, head });
    const diff = await pullRequestDiff(client(), PR, dir, undefined, () => {});
    expect(diff).toMatchObject({ from: "git", text: expect.stringContaining("+print(2)") });
  });

  it("names what to set when the checkout lacks the history", async () => {
    const { dir, base } = history();
    github.setDiff("acme", "app", 7, TOO_LARGE);
    await expect(pullRequestDiff(client(), PR, dir, { base, head: "0".repeat(40) }, () => {})).rejects.toMatchObject({
      input: "source",
      message: expect.stringMatching(
        /lacks its head commit 000000000000: check out with actions\/checkout's `fetch-depth: 0`/,
      ),
    });
  });
});
