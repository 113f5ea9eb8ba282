// One check run per commit, name and mark, against the fake GitHub through the real client.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { upsertCheckRun, type MarkedCheckRun } from "../../src/github/check-run.js";
import { createGitHubClient } from "../../src/github/client.js";
import { ACTIONS_BOT, APP_BOT, APP_TOKEN, startFakeGitHub, TOKEN, type FakeGitHub } from "../support/github-server.js";

let github: FakeGitHub;
beforeEach(async () => {
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.close();
  expect(github.violations).toEqual([]);
});

const sha = "c".repeat(40);
const repo = { owner: "octo", repo: "app" };
const run = (fields: Partial<MarkedCheckRun> = {}): MarkedCheckRun => ({
  name: "gate",
  headSha: sha,
  conclusion: "failure",
  title: "❌ failed",
  summary: "### ❌ failed",
  externalId: "our-mark",
  ...fields,
});
const client = (token = TOKEN) => createGitHubClient(token, { baseUrl: github.url, retry: { maxAttempts: 1 } });

describe("upsertCheckRun", () => {
  it("creates the check, then updates the one that carries its mark", async () => {
    expect(await upsertCheckRun(client(), repo, run())).toMatchObject({ action: "created" });
    expect(await upsertCheckRun(client(), repo, run({ conclusion: "success" }))).toMatchObject({ action: "updated" });
    expect(github.checkRuns).toMatchObject([
      { name: "gate", conclusion: "success", externalId: "our-mark", updates: 1 },
    ]);
  });

  it("leaves a check of that name without the mark alone, and one of another App's that GitHub refuses", async () => {
    const unmarked = github.addCheckRun({ ...repo, name: "gate", headSha: sha, app: ACTIONS_BOT, externalId: "job" });
    const others = github.addCheckRun({ ...repo, name: "gate", headSha: sha, app: APP_BOT, externalId: "our-mark" });
    expect(await upsertCheckRun(client(), repo, run())).toMatchObject({ action: "created" });
    expect([unmarked.updates, others.updates]).toEqual([0, 0]);
    expect(github.checkRuns).toHaveLength(3);
    // That other App, with its own token, updates its own.
    expect(await upsertCheckRun(client(APP_TOKEN), repo, run())).toMatchObject({ action: "updated" });
    expect(others.updates).toBe(1);
  });
});
