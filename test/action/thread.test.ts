import { describe, expect, it } from "vitest";
import {
  judgedInRuns,
  readThread,
  rememberedVerdicts,
  replySelection,
  stateBlock,
  type Thread,
} from "../../src/action/thread.js";
import type { ActionLog } from "../../src/action/io.js";
import { fingerprints, type AgentComment } from "../../src/candidates/comments.js";
import type { Candidate } from "../../src/core/model.js";
import type { Comment, GitHubClient } from "../../src/github/client.js";
import { readState, renderState } from "../../src/run/verdict-state.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { result } from "../report/fixtures.js";

const PR = { owner: "octo", repo: "app", number: 7 };
const MARKERS = { marker: "<!-- sandbox-gate:gate/judge -->" };
const log: ActionLog = { info: () => {}, warn: () => {}, debug: () => {} };
const settings = (inputs: Partial<Record<InputName, string>> = {}) =>
  readSettings((name) => inputs[name] ?? "", { defaultWorkdir: "/repo", defaultToken: "t" });

const comment = (id: number, body: string, author = "agent[bot]"): Comment => ({
  id,
  body,
  url: `https://github.com/octo/app/pull/7#issuecomment-${id}`,
  author,
  authorType: "Bot",
  authorId: null,
  createdAt: `2026-11-01T10:00:0${id}Z`,
  updatedAt: `2026-11-01T10:00:0${id}Z`,
  nodeId: `IC_${id}`,
});
const reply = (id: number): AgentComment => ({ kind: "comment", ...comment(id, `reply ${id}`) });

/** A client that answers from lists; `editor` is who GraphQL says edited a comment last. */
function client(issue: Comment[], editor: string | null = null): GitHubClient {
  return {
    listIssueComments: async () => issue,
    listReviewComments: async () => [],
    listReviews: async () => [],
    whoAmI: async () => ({ login: "github-actions[bot]", via: "assumed" }),
    lastEdit: async () => ({ editor, editedAt: null }),
  } as Partial<GitHubClient> as GitHubClient;
}

const KEY = "c".repeat(64);
const STATE = { key: KEY, entries: [] };

describe("readThread", () => {
  it("the replies and the gate's own comment, with the verdicts it remembers", async () => {
    const sticky = comment(2, `${MARKERS.marker}\n\nreport\n${renderState(STATE)}`, "github-actions[bot]");
    const thread = await readThread(settings(), client([comment(1, "reply"), sticky]), PR, MARKERS, log);
    expect(thread.replies.map((r) => `${r.kind}-${r.id}`)).toEqual(["comment-1", "comment-2"]);
    expect(thread.sticky?.id).toBe(2);
    expect(thread.state).toEqual(STATE);
  });
  it("remembers nothing from a comment someone else edited last", async () => {
    const sticky = comment(2, `${MARKERS.marker}\n${renderState(STATE)}`, "github-actions[bot]");
    const thread = await readThread(settings(), client([sticky], "octocat"), PR, MARKERS, log);
    expect(thread.sticky?.id).toBe(2);
    expect(thread.state).toBeUndefined();
  });
  it("no replies when they are not the candidates, and no comment looked for when none is written", async () => {
    const thread = await readThread(
      settings({ source: "pull-request", comment: "false" }),
      client([comment(1, "reply")]),
      PR,
      MARKERS,
      log,
    );
    expect(thread.replies).toEqual([]);
    expect(thread.identity).toBeUndefined();
  });
});

describe("the gate's own comment: its marker and its author", () => {
  it("a comment with the marker by another author is neither the gate's comment nor its memory, but a candidate", async () => {
    const forged = comment(1, `${MARKERS.marker}\n\nreport\n${renderState(STATE)}`, "agent[bot]");
    const thread = await readThread(settings(), client([forged]), PR, MARKERS, log);
    expect(thread.sticky).toBeUndefined();
    expect(thread.state).toBeUndefined();
    // Its author named: a reply (without code: no_code); only by `*[bot]`: listed as no reply, never hidden.
    const named = replySelection(thread, settings({ authors: "agent[bot]" }));
    expect(named.candidates.map((c) => c.id)).toEqual(["comment-1"]);
    expect(replySelection(thread, settings()).skipped.map((s) => s.id)).toEqual(["comment-1"]);
  });
  it("the token's identity is learned for the replies even when no comment is written; its own comment is no candidate", async () => {
    const ours = comment(2, `${MARKERS.marker}\nreport`, "github-actions[bot]");
    const thread = await readThread(
      settings({ comment: "false" }),
      client([comment(1, "reply"), ours]),
      PR,
      MARKERS,
      log,
    );
    expect(thread.identity?.login).toBe("github-actions[bot]");
    expect(thread.sticky).toBeUndefined();
    const selected = replySelection(thread, settings({ authors: "agent[bot], github-actions[bot]" }));
    expect(selected.candidates.map((c) => c.id)).toEqual(["comment-1"]);
  });
});

describe("rememberedVerdicts", () => {
  it("notes each candidate that is judged afresh, for its 👀", () => {
    const replies = [reply(1)];
    const thread: Thread = { replies, fingerprints: fingerprints(replies), issueComments: [], marker: "m" };
    const judging: string[] = [];
    const remembered = rememberedVerdicts(thread, "v1", undefined, judging, () => {});
    expect(remembered.version).toBe("v1");
    const candidate: Candidate = { id: "comment-1", source: "s", kind: "reply", text: "reply 1" };
    expect(remembered.lookup("key")(candidate)).toBeUndefined();
    expect(judging).toEqual(["comment-1"]);
  });
});

describe("judgedInRuns", () => {
  it("links each carried-over result to the run that judged it", () => {
    const state = { key: "k", entries: [{ id: "comment-1", run: "41" } as never] };
    const results = [
      result({ id: "comment-1", status: "pass", cached: true }),
      result({ id: "comment-2", status: "pass" }),
    ];
    expect(judgedInRuns(results, state, (run) => `runs/${run}`)).toEqual(new Map([["comment-1", "runs/41"]]));
  });
});

describe("stateBlock", () => {
  const replies = [reply(1)];
  const thread = { fingerprints: fingerprints(replies) };
  it("nothing when the replies were not judged under a key", () => {
    expect(stateBlock({ results: [] }, thread, {})).toBe("");
  });
  it("the verdicts judged now, with the run that judged them, as a block that reads back", () => {
    const block = stateBlock({ key: KEY, results: [result({ id: "comment-1", status: "pass" })] }, thread, {
      id: "42",
    });
    expect(block.endsWith("\n")).toBe(true);
    const read = readState(block);
    expect(read.ok && read.state.entries.map((e) => [e.id, e.run])).toEqual([["comment-1", "42"]]);
  });
});

describe("replySelection", () => {
  const thread = (bodies: Array<[string, string]>): Pick<Thread, "replies" | "identity"> => ({
    replies: bodies.map(([author, body], i) => ({ kind: "comment", ...comment(i + 1, body, author) })),
  });
  it("finds code as preparing does, under the run's language: a wildcard's match without it is no reply", () => {
    const replies = thread([
      ["codecov[bot]", "## Codecov Report\nAll modified lines are covered by tests :white_check_mark:"],
      ["my-agent[bot]", "```python\ndef add(a, b):\n    return a + b\n```"],
      ["other[bot]", "```diff\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n```"],
      ["js[bot]", "```javascript\nconsole.log(1)\n```"],
    ]);
    const auto = replySelection(replies, settings());
    expect(auto.candidates.map((c) => c.author)).toEqual(["my-agent[bot]", "other[bot]", "js[bot]"]);
    expect(auto.skipped.map((s) => s.reason)).toEqual(["@codecov[bot]: no code, matched only by the wildcard *[bot]"]);
    // Under `language: python` a javascript block is no code (prepare says no_code): listed, not judged.
    const python = replySelection(replies, settings({ language: "python" }));
    expect(python.skipped.map((s) => s.id)).toEqual(["comment-1", "comment-4"]);
  });
});
