// The sticky comment against the fake GitHub, through the real client.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitHubClient, type Comment, type GitHubClient } from "../../src/github/client.js";
import { ACTIONS_BOT } from "../../src/github/authors.js";
import {
  commentKey,
  findStickyComment,
  stickyMarker,
  stickyMarkers,
  tooLongNote,
  upsertStickyComment,
} from "../../src/github/sticky-comment.js";
import { renderComment } from "../../src/report/markdown.js";
import {
  ACTIONS_BOT as BOT_USER,
  FakeGitHub,
  HUMAN,
  READ_ONLY_TOKEN,
  startFakeGitHub,
  TOKEN,
} from "../support/github-server.js";

const MARKER = stickyMarker();
const TARGET = { owner: "acme", repo: "app", issue: 7, marker: MARKER };

let github: FakeGitHub;
let client: GitHubClient;

beforeEach(async () => {
  github = await startFakeGitHub();
  client = createGitHubClient(TOKEN, { baseUrl: github.url, retry: { baseDelayMs: 1 } });
});
afterEach(async () => {
  await github.close();
  expect(github.violations).toEqual([]);
});

const stored = () => github.issueComments("acme", "app", 7);
const writes = () => github.requests.filter((r) => r.method !== "GET").map((r) => r.method);

describe("upsertStickyComment", () => {
  it("creates the comment once, then updates it in place: two runs, one comment", async () => {
    github.addIssueComment("acme", "app", 7, "an agent's reply");
    const first = await upsertStickyComment(client, { ...TARGET, body: `${MARKER}\nrun 1` });
    const second = await upsertStickyComment(client, { ...TARGET, body: `${MARKER}\nrun 2` });
    expect(first).toMatchObject({ action: "created" });
    expect(second).toEqual({ ...first, action: "updated" });
    expect(stored().map((c) => c.body)).toEqual(["an agent's reply", `${MARKER}\nrun 2`]);
    expect(writes()).toEqual(["POST", "PATCH"]);
    expect("url" in first && first.url).toBe(`https://github.com/acme/app/pull/7#issuecomment-${stored()[1]!.id}`);
  });

  it("create: false writes nothing where there is no comment, and updates the one there", async () => {
    github.addIssueComment("acme", "app", 7, "a human's comment", HUMAN);
    expect(await upsertStickyComment(client, { ...TARGET, body: `${MARKER}\nnothing`, create: false })).toEqual({
      action: "none",
    });
    expect(writes()).toEqual([]);
    expect(
      await upsertStickyComment(client, { ...TARGET, body: `${MARKER}\nnothing`, existing: null, create: false }),
    ).toEqual({
      action: "none",
    });
    const earlier = github.addIssueComment("acme", "app", 7, `${MARKER}\nan earlier verdict`, BOT_USER);
    expect(await upsertStickyComment(client, { ...TARGET, body: `${MARKER}\nnothing`, create: false })).toMatchObject({
      action: "updated",
      id: earlier.id,
    });
    expect(stored().map((c) => c.body)).toEqual(["a human's comment", `${MARKER}\nnothing`]);
    expect(writes()).toEqual(["PATCH"]);
  });

  it("finds its comment on the third page", async () => {
    github.setPerPageMax(2);
    for (let i = 0; i < 4; i++) github.addIssueComment("acme", "app", 7, `reply ${i}`);
    const sticky = github.addIssueComment("acme", "app", 7, `${MARKER}\nold`, BOT_USER);
    github.addIssueComment("acme", "app", 7, "reply after");
    const outcome = await upsertStickyComment(client, { ...TARGET, body: `${MARKER}\nnew` });
    expect(outcome).toMatchObject({ action: "updated", id: sticky.id });
    expect(github.requests.filter((r) => r.method === "GET").map((r) => r.path.replace(/.*\?/, ""))).toEqual([
      "per_page=100",
      "per_page=100&page=2",
      "per_page=100&page=3",
    ]);
    expect(stored()).toHaveLength(6);
  });

  it("ignores the marker in someone else's comment, but adopts the given login's", async () => {
    github.addIssueComment("acme", "app", 7, `quoting ${MARKER}`, HUMAN);
    expect(await upsertStickyComment(client, { ...TARGET, body: `${MARKER}\nours` })).toMatchObject({
      action: "created",
    });
    expect(stored()[0]!.body).toBe(`quoting ${MARKER}`);

    const personal = await startFakeGitHub();
    try {
      personal.addToken("ghp_personal", HUMAN);
      const mine = personal.addIssueComment("acme", "app", 7, `${MARKER}\nby a person`, HUMAN);
      const api = createGitHubClient("ghp_personal", { baseUrl: personal.url });
      expect(
        await upsertStickyComment(api, { ...TARGET, body: `${MARKER}\nupdated`, author: { login: "OctoCat" } }),
      ).toMatchObject({ action: "updated", id: mine.id });
      expect(personal.violations).toEqual([]);
    } finally {
      await personal.close();
    }
  });

  it("returns forbidden for a read-only token (a fork's pull request) and writes nothing", async () => {
    const readOnly = createGitHubClient(READ_ONLY_TOKEN, { baseUrl: github.url });
    expect(await upsertStickyComment(readOnly, { ...TARGET, body: `${MARKER}\nx` })).toEqual({
      action: "forbidden",
      message: expect.stringContaining("403 Resource not accessible by integration"),
    });
    github.failNext(403);
    expect(await upsertStickyComment(client, { ...TARGET, body: `${MARKER}\nx` })).toMatchObject({
      action: "forbidden",
    });
    expect(stored()).toEqual([]);
  });

  it("retries once with the shortened body when GitHub finds the body too long", async () => {
    const huge = `${MARKER}\n${"x".repeat(70_000)}`;
    expect(await upsertStickyComment(client, { ...TARGET, body: huge })).toMatchObject({ action: "created" });
    expect(stored()[0]!.body).toBe(tooLongNote(MARKER));

    const input = { results: [], skipped: [], gate: { failed: false, reason: "nothing to run" }, marker: MARKER };
    const outcome = await upsertStickyComment(client, {
      ...TARGET,
      body: huge,
      shorten: () => renderComment(input, 16_384),
    });
    expect(outcome).toMatchObject({ action: "updated", id: stored()[0]!.id });
    expect(stored().map((c) => c.body)).toEqual([renderComment(input)]);
    const sent = github.requests
      .filter((r) => r.method !== "GET")
      .map((r) => [r.method, r.status, (r.body as { body: string }).body.length]);
    expect(sent).toEqual([
      ["POST", 422, huge.length],
      ["POST", 201, tooLongNote(MARKER).length],
      ["PATCH", 422, huge.length],
      ["PATCH", 200, renderComment(input).length],
    ]);
  });

  it("gives up after one shortened retry", async () => {
    github.failNext(422, 2, {}, { skip: 1 }); // the listing goes through
    await expect(upsertStickyComment(client, { ...TARGET, body: `${MARKER}\nx` })).rejects.toMatchObject({
      status: 422,
    });
    expect(writes()).toEqual(["POST", "POST"]);
  });

  it("rides out a 5xx while listing", async () => {
    github.failNext(502);
    expect(await upsertStickyComment(client, { ...TARGET, body: `${MARKER}\nx` })).toMatchObject({ action: "created" });
  });

  it("lets other errors through", async () => {
    github.failNext(404);
    await expect(upsertStickyComment(client, { ...TARGET, body: `${MARKER}\nx` })).rejects.toMatchObject({
      name: "GitHubError",
      status: 404,
    });
  });
});

describe("findStickyComment", () => {
  const comment = (id: number, body: string, author: string): Comment => ({
    id,
    body,
    author,
    url: "",
    authorType: "Bot",
    authorId: null,
    createdAt: "",
    updatedAt: "",
    nodeId: "",
  });

  it("takes the oldest comment with the marker by the bot or the given login", () => {
    const comments = [
      comment(1, "no marker", ACTIONS_BOT),
      comment(2, `${MARKER} pasted`, "mallory"),
      comment(3, `${MARKER}\nfirst`, ACTIONS_BOT),
      comment(4, `${MARKER}\nduplicate`, ACTIONS_BOT),
    ];
    expect(findStickyComment(comments, MARKER)?.id).toBe(3);
    expect(findStickyComment(comments, MARKER, { login: "Mallory" })?.id).toBe(2);
    expect(findStickyComment(comments, stickyMarker("other"))).toBeUndefined();
  });
});

describe("commentKey and stickyMarkers", () => {
  it("stickyMarker never ends its HTML comment early", () => {
    expect(stickyMarker("ci/test")).toBe("<!-- sandbox-gate:ci/test -->");
    expect(stickyMarker("a -- b -->")).toBe("<!-- sandbox-gate:a-b- -->");
  });

  const parts = { explicit: "", workflow: "agent-gate", job: "gate", matrix: {} };

  it("workflow, job and the matrix leg's values; an explicit key wins; a long one keeps a hash", () => {
    expect(commentKey(parts)).toBe("agent-gate/gate");
    expect(commentKey({ ...parts, matrix: { python: "3.12", os: "ubuntu" } })).toBe(
      "agent-gate/gate/os=ubuntu,python=3.12",
    );
    expect(commentKey({ ...parts, explicit: "node" })).toBe("node");
    const long = commentKey({ ...parts, matrix: { include: "x".repeat(300) } });
    expect(long).toHaveLength(100);
    expect(long).not.toBe(commentKey({ ...parts, matrix: { include: "y".repeat(300) } }));
  });

  it("adopts the job-id marker of earlier versions only where no matrix leg could have written it", () => {
    expect(stickyMarkers(parts)).toEqual({
      marker: "<!-- sandbox-gate:agent-gate/gate -->",
      legacy: "<!-- sandbox-gate:gate -->",
    });
    expect(stickyMarkers({ ...parts, matrix: { python: "3.12" } }).legacy).toBeUndefined();
    expect(stickyMarkers({ ...parts, explicit: "k" }).legacy).toBeUndefined();
  });

  it("finds the comment by the token's account id when it is known", () => {
    const c = (id: number, authorId: number, author: string): Comment => ({
      id,
      body: `${MARKER}\nx`,
      author,
      url: "",
      authorType: "Bot",
      authorId,
      createdAt: "",
      updatedAt: "",
      nodeId: "",
    });
    const comments = [c(1, 5, "renamed-app[bot]"), c(2, 6, "gate-keeper[bot]")];
    expect(findStickyComment(comments, MARKER, { login: "gate-keeper[bot]", id: 5 })?.id).toBe(1);
    expect(findStickyComment(comments, MARKER, { login: "gate-keeper[bot]" })?.id).toBe(2);
  });
});
