import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claimedVerdict, postReport } from "../../src/action/commenter.js";
import { conversationVerdict } from "../../src/action/conversation.js";
import type { ActionIO } from "../../src/action/io.js";
import type { Result } from "../../src/core/model.js";
import { createGitHubClient } from "../../src/github/client.js";
import { buildReport } from "../../src/report/json.js";
import { readSettings } from "../../src/settings/settings.js";
import { FAIL_ON, result } from "../report/fixtures.js";
import { startFakeGitHub, TOKEN, type FakeGitHub } from "../support/github-server.js";
import { tempDir } from "../support/temp.js";

describe("claimedVerdict", () => {
  const passing = conversationVerdict([result({ id: "a", status: "pass" })], FAIL_ON, "all");
  const failing = conversationVerdict([result({ id: "a", status: "test_failed" })], FAIL_ON, "all");
  it("a pass stands only when the run that made the report concluded success", () => {
    expect(claimedVerdict(passing, "success")).toBe(passing);
    expect(claimedVerdict(passing, "failure")).toEqual({
      ...passing,
      failed: true,
      ours: false,
      reason: "the report claims a pass, but the run that made it concluded failure",
    });
  });
  it("a failure stands whatever the run concluded", () => {
    expect(claimedVerdict(failing, "success")).toBe(failing);
    expect(claimedVerdict(failing, "cancelled")).toBe(failing);
  });
});

describe("postReport", () => {
  let github: FakeGitHub;
  beforeEach(async () => {
    github = await startFakeGitHub();
  });
  afterEach(async () => {
    await github.close();
    expect(github.violations).toEqual([]);
  });
  const head = "c".repeat(40);
  const context = {
    eventName: "workflow_run",
    payload: {
      workflow_run: { head_sha: head, conclusion: "success", html_url: "https://github.com/octo/app/actions/runs/7" },
    },
    serverUrl: "https://github.com",
    repo: { owner: "octo", repo: "app" },
    sha: head,
  };
  const io: ActionIO = {
    info: () => {},
    warn: () => {},
    debug: () => {},
    summary: async () => {},
    output: () => {},
    annotate: () => {},
    fail: () => {},
  };

  /** The commenter over an artifact holding `results`, on pull request 7 at the run's head. */
  async function post(results: Result[]): Promise<void> {
    github.addPullRequest({ owner: "octo", repo: "app", number: 7, headSha: head });
    const dir = tempDir("artifact");
    writeFileSync(join(dir, "report.json"), JSON.stringify(buildReport(results, [])));
    const settings = readSettings((name) => ({ "post-report": "report.json" })[name as string] ?? "", {
      defaultWorkdir: dir,
      defaultToken: TOKEN,
    });
    await postReport(settings, createGitHubClient(TOKEN, { baseUrl: github.url }), context, io);
  }

  it("a report of nothing to judge (a human's pull request): no comment, and the check", async () => {
    await post([]);
    expect(github.issueComments("octo", "app", 7)).toEqual([]);
    expect(github.checkRuns).toMatchObject([
      { headSha: head, conclusion: "success", title: "✅ no candidates to judge" },
    ]);
  });

  it("a report with results: the comment and the check", async () => {
    await post([result({ id: "a", status: "pass" })]);
    expect(github.issueComments("octo", "app", 7)).toHaveLength(1);
    expect(github.checkRuns).toHaveLength(1);
  });
});
