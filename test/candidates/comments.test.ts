import { describe, expect, it } from "vitest";
import {
  commentsSource,
  loginMatches,
  quotaOrder,
  selectCandidates,
  type AgentComment,
} from "../../src/candidates/comments.js";
import type { SourceEntry } from "../../src/core/model.js";

const US = { login: "github-actions[bot]", id: 41898282 };

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
      US,
    );
    expect(picked.map((c) => c.id)).toEqual(["review-comment-1", "review-3"]);
    expect(picked[0]).toMatchObject({
      author: "agent[bot]",
      kind: "reply",
      url: "https://github.com/o/r/pull/1#issuecomment-1",
    });
  });
});

describe("the gate's own comment: its marker and its author together", () => {
  const marked = "<!-- sandbox-gate:ci/gate -->\n### ✅ all replies passed";
  it("judges an agent's reply that carries the marker, first line or not", () => {
    const picked = selectCandidates(
      [
        comment({ id: 1, body: marked }),
        comment({ id: 2, body: "fix:\n<!-- sandbox-gate: hide me -->\n```python\nprint(2)\n```" }),
      ],
      ["*[bot]"],
      US,
    );
    expect(picked.map((c) => c.id)).toEqual(["comment-1", "comment-2"]);
  });

  it("drops the gate's comment by its account id even when the login differs, and by login when no id is known", () => {
    const ours = comment({ id: 5, author: "renamed[bot]", authorId: US.id, body: marked });
    const byLogin = comment({ id: 6, author: "GitHub-Actions[bot]", body: marked });
    expect(selectCandidates([ours, byLogin], ["*[bot]"], US)).toEqual([]);
    // Another bot (with its own id) pasting the marker is an agent, not the gate.
    const other = comment({ id: 7, author: "github-actions[bot]", authorId: 1, body: marked });
    expect(selectCandidates([other], ["*[bot]"], US).map((c) => c.id)).toEqual(["comment-7"]);
  });

  it("keeps the gate's own comment that does not start with its marker (it never writes one)", () => {
    const quoted = comment({ id: 8, author: "github-actions[bot]", authorId: US.id, body: `> ${marked}` });
    expect(selectCandidates([quoted], ["*[bot]"], US)).toHaveLength(1);
  });
});

describe("quotaOrder", () => {
  const at = (minute: number) => `2026-11-01T10:${String(minute).padStart(2, "0")}:00Z`;
  it("puts each author's newest reply first (newest first), then the rest newest first", () => {
    const replies = [
      comment({ id: 1, author: "a[bot]", createdAt: at(1) }),
      comment({ id: 2, author: "b[bot]", createdAt: at(2) }),
      comment({ id: 3, author: "A[bot]", createdAt: at(3) }),
      comment({ id: 4, author: "b[bot]", createdAt: at(4) }),
      comment({ id: 5, author: "a[bot]", createdAt: at(5) }),
      comment({ id: 6, author: "c[bot]", createdAt: at(0) }),
    ];
    const ordered = quotaOrder(selectCandidates(replies, ["*[bot]"], US));
    expect(ordered.map((c) => c.id)).toEqual([
      "comment-5",
      "comment-4",
      "comment-6",
      "comment-3",
      "comment-2",
      "comment-1",
    ]);
  });

  it("the source yields conversation order, each entry ranked by quotaOrder", async () => {
    const replies = Array.from({ length: 4 }, (_, i) => comment({ id: i + 1, createdAt: at(i) }));
    const entries: SourceEntry[] = [];
    for await (const entry of await commentsSource(replies, ["*[bot]"], US).entries()) entries.push(entry);
    expect(entries.map((e) => ("candidate" in e ? [e.candidate.id, e.rank] : []))).toEqual([
      ["comment-1", 3],
      ["comment-2", 2],
      ["comment-3", 1],
      ["comment-4", 0],
    ]);
  });
});
