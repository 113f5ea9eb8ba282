// The fake must be strict about requests and honest about responses, or the client tests prove nothing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ACTIONS_BOT,
  FakeGitHub,
  githubOpenApi,
  HUMAN,
  READ_ONLY_TOKEN,
  responseProblems,
  startFakeGitHub,
  TOKEN,
} from "./github-server.js";

let github: FakeGitHub;
beforeEach(async () => {
  github = await startFakeGitHub();
});
afterEach(() => github.close());

const HEADERS = { authorization: `token ${TOKEN}`, "user-agent": "self-test", accept: "application/vnd.github+json" };

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = HEADERS) {
  const response = await fetch(`${github.url}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as unknown };
}

const problems = () => github.violations.map((v) => v.problem);

describe("valid requests", () => {
  it("lists, creates and updates comments with responses that fit GitHub's schemas", async () => {
    github.addIssueComment("acme", "app", 7, "first");
    github.addReviewComment("acme", "app", 7, "inline");
    github.addReview("acme", "app", 7, "review body", HUMAN, "CHANGES_REQUESTED");
    const created = await call("POST", "/repos/acme/app/issues/7/comments", { body: "hello" });
    expect(created.status).toBe(201);
    const { id, user } = created.json() as { id: number; user: { login: string; type: string } };
    expect(user).toMatchObject({ login: ACTIONS_BOT.login, type: "Bot" });
    expect((await call("PATCH", `/repos/acme/app/issues/comments/${id}`, { body: "edited" })).status).toBe(200);
    const listed = await call("GET", "/repos/acme/app/issues/7/comments");
    expect((listed.json() as { body: string }[]).map((c) => c.body)).toEqual(["first", "edited"]);
    expect((await call("GET", "/repos/acme/app/pulls/7/comments")).status).toBe(200);
    expect((await call("GET", "/repos/acme/app/pulls/7/reviews")).status).toBe(200);
    expect(github.violations).toEqual([]);
  });

  it("paginates with a Link header exactly like GitHub's", async () => {
    for (let i = 0; i < 5; i++) github.addIssueComment("acme", "app", 7, `c${i}`);
    const url = (page: number) => `<${github.url}/repos/acme/app/issues/7/comments?per_page=2&page=${page}>`;
    const pages = await Promise.all(
      [1, 2, 3].map((p) => call("GET", `/repos/acme/app/issues/7/comments?per_page=2&page=${p}`)),
    );
    expect(pages.map((p) => p.headers.get("link"))).toEqual([
      `${url(2)}; rel="next", ${url(3)}; rel="last"`,
      `${url(1)}; rel="prev", ${url(3)}; rel="next", ${url(3)}; rel="last", ${url(1)}; rel="first"`,
      `${url(2)}; rel="prev", ${url(1)}; rel="first"`,
    ]);
    expect(pages.map((p) => (p.json() as unknown[]).length)).toEqual([2, 2, 1]);
    expect((await call("GET", "/repos/acme/app/issues/7/comments")).headers.get("link")).toBeNull();
    expect(github.violations).toEqual([]);
  });

  it("caps per_page at the configured maximum", async () => {
    for (let i = 0; i < 3; i++) github.addIssueComment("acme", "app", 7, `c${i}`);
    github.setPerPageMax(1);
    const first = await call("GET", "/repos/acme/app/issues/7/comments?per_page=100");
    expect(first.json()).toHaveLength(1);
    expect(first.headers.get("link")).toContain('page=3>; rel="last"');
  });

  it("serves the pull request as a diff for the diff media type, and as JSON with its commits otherwise", async () => {
    github.setDiff("acme", "app", 7, "diff --git a/x b/x\n");
    const diff = await call("GET", "/repos/acme/app/pulls/7", undefined, {
      ...HEADERS,
      accept: "application/vnd.github.diff",
    });
    expect([diff.status, diff.text, diff.headers.get("content-type")]).toEqual([
      200,
      "diff --git a/x b/x\n",
      "application/vnd.github.diff; charset=utf-8",
    ]);
    // Not told its commits, the fake knows no pull request as JSON.
    expect((await call("GET", "/repos/acme/app/pulls/7")).status).toBe(404);
    github.setRefs("acme", "app", 7, { base: "a".repeat(40), head: "b".repeat(40) });
    const json = await call("GET", "/repos/acme/app/pulls/7");
    expect(json.status).toBe(200);
    expect(JSON.parse(json.text) as unknown).toMatchObject({
      number: 7,
      base: { sha: "a".repeat(40) },
      head: { sha: "b".repeat(40) },
    });
    expect(github.violations).toEqual([]);
  });

  it("answers under a GitHub Enterprise path prefix", async () => {
    const enterprise = await startFakeGitHub({ basePath: "/api/v3" });
    try {
      const response = await fetch(`${enterprise.url}/repos/acme/app/issues/7/comments`, { headers: HEADERS });
      expect([enterprise.url.endsWith("/api/v3"), response.status]).toEqual([true, 200]);
      expect(enterprise.violations).toEqual([]);
    } finally {
      await enterprise.close();
    }
  });
});

describe("invalid requests are recorded and refused", () => {
  it("an unknown path", async () => {
    expect((await call("GET", "/repos/acme/app/issues/7/remarks")).status).toBe(404);
    expect(problems()).toEqual(["no such operation in GitHub's OpenAPI description"]);
  });

  it("a method the path does not have", async () => {
    expect((await call("PUT", "/repos/acme/app/issues/7/comments", { body: "x" })).status).toBe(404);
    expect(github.violations).toHaveLength(1);
  });

  it("a body without the required `body`", async () => {
    expect((await call("POST", "/repos/acme/app/issues/7/comments", { text: "x" })).status).toBe(400);
    expect(problems()).toEqual(["body / must have required property 'body'"]);
  });

  it("a body field of the wrong type", async () => {
    expect((await call("PATCH", "/repos/acme/app/issues/comments/5", { body: 42 })).status).toBe(400);
    expect(problems()).toEqual(["body /body must be string"]);
  });

  it("no body where one is required, and a body that is not JSON", async () => {
    await call("POST", "/repos/acme/app/issues/7/comments");
    await fetch(`${github.url}/repos/acme/app/issues/7/comments`, {
      method: "POST",
      headers: { ...HEADERS, "content-type": "text/plain" },
      body: "hi",
    });
    expect(problems()).toEqual(["body required", "body content-type text/plain, expected application/json"]);
  });

  it("path and query parameters that do not fit their schemas", async () => {
    await call("GET", "/repos/acme/app/issues/seven/comments");
    await call("GET", "/repos/acme/app/issues/7/comments?page=two&per_page=10");
    await call("GET", "/repos/acme/app/issues/7/comments?sort=created");
    expect(problems()).toEqual([
      "path /issue_number must be integer",
      "query /page must be integer",
      "query / must NOT have additional properties",
    ]);
  });

  it("no Authorization, no User-Agent", async () => {
    const response = await fetch(`${github.url}/repos/acme/app/issues/7/comments`, { headers: { "user-agent": "" } });
    expect(response.status).toBe(401);
    expect(problems()).toEqual(["no Authorization header", "no User-Agent header (GitHub requires one)"]);
  });
});

describe("knobs", () => {
  it("failNext answers the next requests with the given status and headers, then recovers", async () => {
    github.failNext(503, 2);
    github.failNext(429, 1, { "retry-after": "3" });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await call("GET", "/repos/acme/app/issues/7/comments"));
    expect(statuses.map((s) => s.status)).toEqual([503, 503, 429, 200]);
    expect(statuses[2]!.headers.get("retry-after")).toBe("3");
    expect((statuses[2]!.json() as { message: string }).message).toMatch(/secondary rate limit/);
    expect(github.requests.map((r) => r.status)).toEqual([503, 503, 429, 200]);
  });

  it("a read-only token may read but not write; GitHub's body limit gives a 422", async () => {
    const readOnly = { ...HEADERS, authorization: `token ${READ_ONLY_TOKEN}` };
    expect((await call("GET", "/repos/acme/app/issues/7/comments", undefined, readOnly)).status).toBe(200);
    expect((await call("POST", "/repos/acme/app/issues/7/comments", { body: "x" }, readOnly)).status).toBe(403);
    const tooLong = await call("POST", "/repos/acme/app/issues/7/comments", { body: "x".repeat(65_537) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.text).toContain("body is too long (maximum is 65536 characters)");
    expect((await call("POST", "/repos/acme/app/issues/7/comments", { body: "😀".repeat(65_536) })).status).toBe(201);
    expect(
      (
        await call(
          "POST",
          "/repos/acme/app/issues/7/comments",
          { body: "x" },
          { ...HEADERS, authorization: "token nope" },
        )
      ).status,
    ).toBe(401);
    expect(github.violations).toEqual([]);
  });
});

describe("the response check", () => {
  const api = githubOpenApi();
  const operation = (method: string, path: string) => api.match(method, path)!.operation;

  it("accepts what the fake sends and rejects a response that drifted from the schema", async () => {
    github.addIssueComment("acme", "app", 7, "x");
    const list = operation("GET", "/repos/acme/app/issues/7/comments");
    const [comment] = (await call("GET", "/repos/acme/app/issues/7/comments")).json() as Record<string, unknown>[];
    expect(responseProblems(api, list, 200, [comment])).toEqual([]);
    expect(responseProblems(api, list, 200, [{ ...comment, id: "1" }])).toEqual(["/0/id must be integer"]);
    expect(responseProblems(api, list, 200, [{ ...comment, html_url: undefined }])).toEqual([
      "/0 must have required property 'html_url'",
    ]);
    expect(responseProblems(api, list, 200, [{ ...comment, created_at: "yesterday" }])).toEqual([
      '/0/created_at must match format "date-time"',
    ]);
    expect(
      responseProblems(api, operation("POST", "/repos/acme/app/issues/7/comments"), 422, { message: "x" }),
    ).toEqual(["/ must have required property 'documentation_url'"]);
  });

  it("prefers the more specific of two matching templates", () => {
    expect(operation("GET", "/repos/acme/app/pulls/comments").id).toBe("pulls/list-review-comments-for-repo");
    expect(operation("GET", "/repos/acme/app/pulls/7/comments").id).toBe("pulls/list-review-comments");
  });
});
