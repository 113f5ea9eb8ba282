import { describe, expect, it } from "vitest";
import {
  authorMatch,
  commentsSource,
  loginMatches,
  quotaOrder,
  selectReplies,
  type AgentComment,
} from "../../src/candidates/comments.js";
import type { Candidate, ListedEntry } from "../../src/core/model.js";

const US = { login: "github-actions[bot]", id: 41898282 };
/** Every comment holds code: what the author and the marker decide, apart from the code. */
const ANY_CODE = () => true;
/** Code as these tests write it: a fence. */
const FENCED = (c: Candidate) => c.text.includes("```");
const selectCandidates = (comments: AgentComment[], authors: string[], us: typeof US) =>
  selectReplies(comments, authors, us, ANY_CODE).candidates;

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
    const entries: ListedEntry[] = [];
    for await (const entry of await commentsSource(replies, ["*[bot]"], US, ANY_CODE).entries()) entries.push(entry);
    expect(entries.map((e) => ("candidate" in e ? [e.candidate.id, e.rank] : []))).toEqual([
      ["comment-1", 3],
      ["comment-2", 2],
      ["comment-3", 1],
      ["comment-4", 0],
    ]);
  });
});

describe("authorMatch", () => {
  it.each([
    ["my-agent[bot]", ["my-agent[bot]"], { by: "name" }],
    ["My-Agent[BOT]", ["*[bot]", "my-agent[bot]"], { by: "name" }],
    ["codecov[bot]", ["my-agent[bot]", "*[bot]"], { by: "wildcard", pattern: "*[bot]" }],
    ["codex-agent", ["codex-?gent", "codex-*"], { by: "wildcard", pattern: "codex-?gent" }],
    ["alice", ["*[bot]"], undefined],
  ])("%s vs %j → %j", (login, patterns, expected) => expect(authorMatch(login, patterns)).toEqual(expected));
});

describe("a comment without code: an agent's reply only when its author is named exactly", () => {
  const coverage = comment({
    id: 2,
    author: "codecov[bot]",
    body: "## Codecov Report\nAll modified lines are covered.",
  });
  const prose = comment({ id: 3, author: "my-agent[bot]", body: "I could not write it, sorry." });
  const code = comment({ id: 4, author: "codecov[bot]", body: "```python\nprint(4)\n```" });

  it("a wildcard's match without code is skipped and listed, saying who and which wildcard", () => {
    const { candidates, skipped } = selectReplies([coverage, code], ["*[bot]"], US, FENCED);
    expect(candidates.map((c) => c.id)).toEqual(["comment-4"]);
    expect(skipped).toEqual([
      {
        id: "comment-2",
        source: coverage.url,
        url: coverage.url,
        reason: "@codecov[bot]: no code, matched only by the wildcard *[bot]",
      },
    ]);
  });

  it("an author named exactly is judged without code (no_code is the feedback it needs), a wildcard beside it or not", () => {
    for (const authors of [["my-agent[bot]"], ["*[bot]", "my-agent[bot]"]]) {
      const { candidates, skipped } = selectReplies([prose, coverage], authors, US, FENCED);
      expect(candidates.map((c) => c.id)).toContain("comment-3");
      expect(skipped.map((s) => s.id)).not.toContain("comment-3");
    }
    expect(selectReplies([prose, coverage], ["my-agent[bot]"], US, FENCED)).toMatchObject({ skipped: [] });
  });

  it("asks about code only when a wildcard matched", () => {
    const asked: string[] = [];
    const holdsCode = (c: Candidate) => {
      asked.push(c.id);
      return false;
    };
    selectReplies(
      [prose, coverage, comment({ id: 5, author: "alice", body: "lgtm" })],
      ["my-agent[bot]", "*[bot]"],
      US,
      holdsCode,
    );
    expect(asked).toEqual(["comment-2"]);
  });

  it("the source yields the candidates, then what it skipped, never judged", async () => {
    const entries: ListedEntry[] = [];
    for await (const entry of await commentsSource([coverage, prose, code], ["*[bot]"], US, FENCED).entries())
      entries.push(entry);
    expect(
      entries.map((e) => ("candidate" in e ? e.candidate.id : "skipped" in e ? `skipped ${e.skipped.id}` : "")),
    ).toEqual(["comment-4", "skipped comment-2", "skipped comment-3"]);
  });
});
