// The real client (octokit over HTTP) against the fake GitHub, which checks every request.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitHubClient, GitHubError, type GitHubClientOptions } from "../../src/github/client.js";
import {
  ACTIONS_BOT,
  AGENT,
  APP_BOT,
  APP_TOKEN,
  FakeGitHub,
  HUMAN,
  PAT,
  READ_ONLY_TOKEN,
  startFakeGitHub,
  TOKEN,
} from "../support/github-server.js";

let github: FakeGitHub;
let sleeps: number[];

beforeEach(async () => {
  github = await startFakeGitHub();
  sleeps = [];
});
afterEach(async () => {
  await github.close();
  expect(github.violations).toEqual([]);
});

// Waits are recorded, not slept, unless a test asks for the real clock.
function client(options: GitHubClientOptions = {}) {
  return createGitHubClient(TOKEN, {
    baseUrl: github.url,
    retry: { baseDelayMs: 10 },
    sleep: async (ms) => void sleeps.push(ms),
    ...options,
  });
}

const gets = () => github.requests.filter((r) => r.method === "GET").map((r) => r.path);

describe("listing reads every page", () => {
  it("issue comments over four pages, oldest first, mapped to Comment", async () => {
    const seeded = Array.from({ length: 7 }, (_, i) =>
      github.addIssueComment("acme", "app", 7, `reply ${i}`, i % 2 ? HUMAN : AGENT),
    );
    github.setPerPageMax(2);
    const comments = await client().listIssueComments("acme", "app", 7);
    expect(comments.map((c) => c.body)).toEqual(seeded.map((c) => c.body));
    expect(comments[0]).toEqual({
      id: seeded[0]!.id,
      body: "reply 0",
      url: `https://github.com/acme/app/pull/7#issuecomment-${seeded[0]!.id}`,
      author: "coder[bot]",
      authorType: "Bot",
      authorId: AGENT.id,
      createdAt: seeded[0]!.createdAt,
      updatedAt: seeded[0]!.updatedAt,
      nodeId: `IC_kwDOfake${seeded[0]!.id}`,
    });
    expect(comments[1]).toMatchObject({ author: "octocat", authorType: "User" });
    expect(gets()).toEqual([
      "/repos/acme/app/issues/7/comments?per_page=100",
      "/repos/acme/app/issues/7/comments?per_page=100&page=2",
      "/repos/acme/app/issues/7/comments?per_page=100&page=3",
      "/repos/acme/app/issues/7/comments?per_page=100&page=4",
    ]);
  });

  it("review comments and reviews over three pages each", async () => {
    github.setPerPageMax(1);
    for (let i = 0; i < 3; i++) {
      github.addReviewComment("acme", "app", 7, `inline ${i}`, AGENT, `src/f${i}.py`, 10 + i);
      github.addReview("acme", "app", 7, `review ${i}`, AGENT, i === 0 ? "APPROVED" : "COMMENTED");
    }
    github.addReview("acme", "other", 7, "another repository");
    const api = client();
    const inline = await api.listReviewComments("acme", "app", 7);
    const reviews = await api.listReviews("acme", "app", 7);
    expect(inline.map((c) => [c.body, c.path, c.line])).toEqual([
      ["inline 0", "src/f0.py", 10],
      ["inline 1", "src/f1.py", 11],
      ["inline 2", "src/f2.py", 12],
    ]);
    expect(inline[0]!.url).toMatch(/#discussion_r\d+$/);
    expect(reviews.map((r) => [r.body, r.state])).toEqual([
      ["review 0", "APPROVED"],
      ["review 1", "COMMENTED"],
      ["review 2", "COMMENTED"],
    ]);
    expect(reviews[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(gets()).toHaveLength(6);
  });
});

describe("writing and reading", () => {
  it("creates then updates a comment", async () => {
    const api = client();
    const created = await api.createComment("acme", "app", 7, "first");
    const updated = await api.updateComment("acme", "app", created.id, "second");
    expect(updated).toMatchObject({ id: created.id, body: "second", author: "github-actions[bot]", authorType: "Bot" });
    expect(github.issueComments("acme", "app", 7).map((c) => c.body)).toEqual(["second"]);
  });

  it("fetches the pull request diff as text", async () => {
    github.setDiff("acme", "app", 7, "diff --git a/x.py b/x.py\n+print(1)\n");
    expect(await client().getPullRequestDiff("acme", "app", 7)).toBe("diff --git a/x.py b/x.py\n+print(1)\n");
  });

  it("talks to a GitHub Enterprise base URL, from GITHUB_API_URL by default", async () => {
    const enterprise = await startFakeGitHub({ basePath: "/api/v3" });
    const saved = process.env.GITHUB_API_URL;
    process.env.GITHUB_API_URL = enterprise.url;
    try {
      enterprise.addIssueComment("acme", "app", 7, "on enterprise");
      const comments = await createGitHubClient(TOKEN).listIssueComments("acme", "app", 7);
      expect(comments.map((c) => c.body)).toEqual(["on enterprise"]);
      expect(enterprise.violations).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.GITHUB_API_URL;
      else process.env.GITHUB_API_URL = saved;
      await enterprise.close();
    }
  });
});

describe("who the token is", () => {
  const as = (token: string) => createGitHubClient(token, { baseUrl: github.url });

  it("a personal token: GET /user", async () => {
    expect(await as(PAT).whoAmI()).toEqual({ login: HUMAN.login, id: HUMAN.id, via: "user" });
    expect(github.requests.map((r) => r.path)).toEqual(["/user"]);
  });

  it("the workflow's GITHUB_TOKEN and an App's installation token: GET /user refused, GraphQL's viewer", async () => {
    expect(await as(TOKEN).whoAmI()).toEqual({ login: ACTIONS_BOT.login, id: ACTIONS_BOT.id, via: "viewer" });
    expect(await as(APP_TOKEN).whoAmI()).toEqual({ login: APP_BOT.login, id: APP_BOT.id, via: "viewer" });
    expect(github.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ["GET", "/user", 403],
      ["POST", "/graphql", 200],
      ["GET", "/user", 403],
      ["POST", "/graphql", 200],
    ]);
  });

  it("assumes the actions bot when GraphQL refuses too, and on GitHub Enterprise asks /api/graphql", async () => {
    github.failNext(403, 1, {}, { skip: 1 });
    expect(await as(READ_ONLY_TOKEN).whoAmI()).toEqual({ login: "github-actions[bot]", id: 41898282, via: "assumed" });
    const enterprise = await startFakeGitHub({ basePath: "/api/v3" });
    try {
      expect(await createGitHubClient(APP_TOKEN, { baseUrl: enterprise.url }).whoAmI()).toMatchObject({
        via: "viewer",
      });
      expect(enterprise.requests.map((r) => r.path)).toEqual(["/api/v3/user", "/api/graphql"]);
      expect(enterprise.violations).toEqual([]);
    } finally {
      await enterprise.close();
    }
  });

  it("tells who edited a comment last", async () => {
    const api = client();
    const created = await api.createComment("acme", "app", 7, "ours");
    expect(await api.lastEdit(created.nodeId)).toEqual({ editor: null, editedAt: null });
    const edited = github.editIssueComment(created.id, "forged", HUMAN);
    expect(await api.lastEdit(created.nodeId)).toEqual({ editor: HUMAN.login, editedAt: edited.updatedAt });
  });
});

describe("the commenter's calls", () => {
  it("finds the pull request at a head SHA: by the commit, or a fork's by its head branch", async () => {
    const sha = "c".repeat(40);
    github.addPullRequest({ owner: "acme", repo: "app", number: 7, headSha: sha });
    github.addPullRequest({ owner: "acme", repo: "app", number: 8, headSha: "d".repeat(40) });
    github.addPullRequest({
      owner: "acme",
      repo: "app",
      number: 9,
      headSha: sha.replace(/c/g, "e"),
      headOwner: "forker",
      headRef: "fix",
    });
    const api = client();
    expect((await api.pullRequestsAt("acme", "app", sha)).map((p) => [p.number, p.headSha])).toEqual([[7, sha]]);
    expect(await api.pullRequestsAt("acme", "app", "e".repeat(40), "forker:fix")).toEqual([
      { number: 9, state: "open", headSha: "e".repeat(40), url: "https://github.com/acme/app/pull/9" },
    ]);
    expect(await api.pullRequestsAt("acme", "app", "f".repeat(40), "forker:fix")).toEqual([]);
  });

  it("creates a completed check run", async () => {
    const check = await client().createCheckRun("acme", "app", {
      name: "sandbox-gate",
      headSha: "c".repeat(40),
      conclusion: "failure",
      title: "1 of 2 passed",
      summary: "**x**",
    });
    expect(check.url).toMatch(/\/runs\/\d+$/);
    expect(github.checkRuns).toMatchObject([{ name: "sandbox-gate", conclusion: "failure", summary: "**x**" }]);
  });

  it("lists a commit's check runs of one name, every App's, with their external ids", async () => {
    const sha = "c".repeat(40);
    const ours = github.addCheckRun({
      owner: "acme",
      repo: "app",
      name: "sandbox-gate",
      headSha: sha,
      app: ACTIONS_BOT,
      externalId: "sandbox-gate",
    });
    const theirs = github.addCheckRun({ owner: "acme", repo: "app", name: "sandbox-gate", headSha: sha, app: APP_BOT });
    github.addCheckRun({ owner: "acme", repo: "app", name: "lint", headSha: sha, app: ACTIONS_BOT });
    github.addCheckRun({ owner: "acme", repo: "app", name: "sandbox-gate", headSha: "d".repeat(40), app: ACTIONS_BOT });
    const listed = await client().listCheckRuns("acme", "app", sha, "sandbox-gate");
    expect(listed).toEqual([
      { id: ours.id, url: `https://github.com/acme/app/runs/${ours.id}`, externalId: "sandbox-gate" },
      { id: theirs.id, url: `https://github.com/acme/app/runs/${theirs.id}`, externalId: "" },
    ]);
    expect(gets()).toEqual([
      `/repos/acme/app/commits/${sha}/check-runs?check_name=sandbox-gate&filter=latest&per_page=100`,
    ]);
  });

  it("updates its own check run in place, and is refused another App's", async () => {
    const sha = "c".repeat(40);
    const check = {
      name: "sandbox-gate (python)",
      headSha: sha,
      conclusion: "success" as const,
      title: "✅ passes",
      summary: "all good",
      detailsUrl: "https://github.com/acme/app/actions/runs/2",
      externalId: "sandbox-gate",
    };
    const created = await client().createCheckRun("acme", "app", { ...check, conclusion: "failure", title: "❌" });
    const updated = await client().updateCheckRun("acme", "app", created.id, check);
    expect(updated).toEqual(created);
    expect(github.checkRuns).toMatchObject([
      {
        id: created.id,
        name: "sandbox-gate (python)",
        conclusion: "success",
        title: "✅ passes",
        summary: "all good",
        detailsUrl: check.detailsUrl,
        externalId: "sandbox-gate",
        updates: 1,
      },
    ]);
    const theirs = github.addCheckRun({ owner: "acme", repo: "app", name: "sandbox-gate", headSha: sha, app: APP_BOT });
    const refused = await client()
      .updateCheckRun("acme", "app", theirs.id, check)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GitHubError);
    expect((refused as GitHubError).status).toBe(403);
    const missing = await client()
      .updateCheckRun("acme", "app", 1, check)
      .catch((e: unknown) => e);
    expect((missing as GitHubError).status).toBe(404);
  });
});

describe("retries", () => {
  it("retries a 5xx with exponential back-off, then succeeds", async () => {
    github.addIssueComment("acme", "app", 7, "x");
    github.failNext(502, 2);
    const notices: string[] = [];
    const comments = await client({ onRetry: (n) => notices.push(n) }).listIssueComments("acme", "app", 7);
    expect(comments).toHaveLength(1);
    expect(sleeps).toEqual([10, 20]);
    expect(notices).toHaveLength(2);
    expect(notices[0]).toMatch(/502 Server Error; attempt 2 of 4 in 10 ms/);
  });

  it("gives up after the last attempt with the status", async () => {
    github.failNext(503, 4);
    await expect(client().listIssueComments("acme", "app", 7)).rejects.toMatchObject({
      name: "GitHubError",
      status: 503,
    });
    expect(github.requests).toHaveLength(4);
  });

  it("retries a page in the middle of a listing, and an update", async () => {
    for (let i = 0; i < 3; i++) github.addIssueComment("acme", "app", 7, `c${i}`);
    github.setPerPageMax(1);
    github.failNext(500, 1, {}, { skip: 1 });
    const api = client();
    expect((await api.listIssueComments("acme", "app", 7)).map((c) => c.body)).toEqual(["c0", "c1", "c2"]);
    expect(github.requests.map((r) => [r.path.replace(/.*\?/, ""), r.status])).toEqual([
      ["per_page=100", 200],
      ["per_page=100&page=2", 500],
      ["per_page=100&page=2", 200],
      ["per_page=100&page=3", 200],
    ]);
    github.failNext(504);
    expect(
      await api.updateComment("acme", "app", github.issueComments("acme", "app", 7)[0]!.id, "edited"),
    ).toMatchObject({ body: "edited" });
    expect(sleeps).toEqual([10, 10]);
  });

  it("never repeats a POST after a 5xx: the comment may exist already", async () => {
    github.failNext(502);
    await expect(client().createComment("acme", "app", 7, "x")).rejects.toMatchObject({ status: 502 });
    expect(github.requests).toHaveLength(1);
  });

  it("honours retry-after on a 429 and on a secondary rate limit 403, for a POST too", async () => {
    github.failNext(429, 1, { "retry-after": "2" });
    github.failNext(403, 1, { "retry-after": "1" });
    const created = await client().createComment("acme", "app", 7, "x");
    expect(created.body).toBe("x");
    expect(sleeps).toEqual([2000, 1000]);
  });

  it("really waits: two requests retry-after 1 s apart", async () => {
    github.failNext(429, 1, { "retry-after": "1" });
    await createGitHubClient(TOKEN, { baseUrl: github.url }).listIssueComments("acme", "app", 7);
    const [refused, retried] = github.requests;
    expect([refused!.status, retried!.status]).toEqual([429, 200]);
    expect(retried!.at - refused!.at).toBeGreaterThanOrEqual(990);
  });

  it("waits for a primary rate limit's reset", async () => {
    const now = 1_750_000_000_000;
    github.failNext(403, 1, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(now / 1000 + 5) });
    await client({ now: () => now }).listIssueComments("acme", "app", 7);
    expect(sleeps).toEqual([6000]);
  });

  it("fails at once when the wait would exceed maxWaitMs", async () => {
    github.failNext(429, 1, { "retry-after": "120" });
    await expect(client({ retry: { maxWaitMs: 50 } }).listIssueComments("acme", "app", 7)).rejects.toMatchObject({
      status: 429,
    });
    expect(sleeps).toEqual([]);
  });

  it("does not retry a plain 403, a 404 or a 422, and says which request failed", async () => {
    const api = client();
    github.failNext(403);
    const forbidden = await api.listIssueComments("acme", "app", 7).catch((e: unknown) => e);
    expect(forbidden).toBeInstanceOf(GitHubError);
    expect(forbidden).toMatchObject({
      status: 403,
      message: expect.stringMatching(
        /^GET \S+\/repos\/acme\/app\/issues\/7\/comments\S*: 403 Resource not accessible by integration$/,
      ),
    });
    await expect(api.updateComment("acme", "app", 1, "x")).rejects.toMatchObject({ status: 404 });
    await expect(api.createComment("acme", "app", 7, "x".repeat(70_000))).rejects.toMatchObject({ status: 422 });
    expect(github.requests).toHaveLength(3);
    expect(sleeps).toEqual([]);
  });
});
