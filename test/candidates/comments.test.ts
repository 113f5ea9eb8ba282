import { describe, expect, it } from "vitest";
import { loginMatches, selectCandidates, type AgentComment } from "../../src/candidates/comments.js";

const comment = (over: Partial<AgentComment>): AgentComment => ({
  kind: "comment",
  id: 1,
  body: "```python\nprint(1)\n```",
  url: "https://github.com/o/r/pull/1#issuecomment-1",
  author: "agent[bot]",
  createdAt: "2026-11-01T10:00:00Z",
  updatedAt: "2026-11-01T10:00:00Z",
  ...over,
});

describe("loginMatches", () => {
  it.each([
    ["agent[bot]", ["*[bot]"], true],
    ["Agent[BOT]", ["*[bot]"], true],
    ["alice", ["*[bot]"], false],
    ["alice", ["*[bot]", "alice"], true],
    ["codex-agent", ["codex-*"], true],
    ["a.b", ["a?b"], true],
    ["axxb", ["a.b"], false],
  ])("%s vs %j → %s", (login, patterns, expected) => expect(loginMatches(login, patterns)).toBe(expected));
});

describe("selectCandidates", () => {
  it("keeps agent replies oldest first and drops humans, empty bodies and the gate's own comment", () => {
    const picked = selectCandidates(
      [
        comment({ id: 3, createdAt: "2026-11-01T12:00:00Z", kind: "review" }),
        comment({ id: 2, author: "alice" }),
        comment({ id: 4, body: "  " }),
        comment({ id: 5, author: "github-actions[bot]", body: "<!-- sandbox-gate:ci/gate -->\n## Gate" }),
        comment({ id: 1, kind: "review-comment", createdAt: "2026-11-01T09:00:00Z" }),
      ],
      ["*[bot]"],
      "<!-- sandbox-gate",
    );
    expect(picked.map((c) => c.id)).toEqual(["review-comment-1", "review-3"]);
    expect(picked[0]).toMatchObject({
      author: "agent[bot]",
      kind: "reply",
      url: "https://github.com/o/r/pull/1#issuecomment-1",
    });
  });
});
