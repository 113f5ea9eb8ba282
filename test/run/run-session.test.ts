// One run session with a scripted engine: what the action's conversation runs do between GitHub reads
// and writes. Each run's state goes into a comment body and is read back from it by the next run.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commentsSource, fingerprints, type AgentComment } from "../../src/candidates/comments.js";
import { holdsCode } from "../../src/prepare/candidate.js";
import { carriedOver, nextState, readState, renderState, type VerdictState } from "../../src/run/verdict-state.js";
import { conversationVerdict } from "../../src/action/conversation.js";
import { runSession } from "../../src/run/run.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { ScriptedEngine } from "../support/scripted-engine.js";
import { tempDir } from "../support/temp.js";

const workdir = tempDir("session");
writeFileSync(join(workdir, "test_solution.py"), "import solution\n");

let clock = 0;
const comment = (id: number, code: string): AgentComment => {
  const at = new Date(Date.UTC(2025, 0, 1, 0, 0, ++clock)).toISOString().replace(".000", "");
  return {
    kind: "comment",
    id,
    body: `\`\`\`python\n${code}\n\`\`\``,
    url: `https://github.com/o/r/pull/1#issuecomment-${id}`,
    author: "coder[bot]",
    createdAt: at,
    updatedAt: at,
  };
};

interface Run {
  engine: ScriptedEngine;
  verdict: ReturnType<typeof conversationVerdict>;
  cached: boolean[];
  body: string;
  /** The ids the outcome lists as skipped. */
  skipped: string[];
}

/** One action run over `comments`, its state read from `body` (the sticky comment) as the action does. */
async function run(
  comments: AgentComment[],
  body: string,
  inputs: Partial<Record<InputName, string>> = {},
): Promise<Run> {
  const settings = readSettings(
    (name) =>
      ({
        tests: "test_solution.py",
        command: "python3 test_solution.py",
        pull: "never",
        language: "python",
        ...inputs,
      })[name] ?? "",
    {
      defaultWorkdir: workdir,
      cpuCount: 2,
    },
  );
  const read = readState(body);
  const state: VerdictState | undefined = read.ok ? read.state : undefined;
  const prints = fingerprints(comments);
  const source = commentsSource(comments, ["*[bot]"], { login: "github-actions[bot]" }, (c) => holdsCode(c, settings));
  const engine = new ScriptedEngine();
  const outcome = await runSession(
    settings,
    {
      kind: "judge",
      entries: () => source.entries(),
      remembered: { version: "test", lookup: (key) => carriedOver(state, key, prints, undefined) },
    },
    "r",
    { log: () => {}, warn: () => {}, audit: () => {}, engine: async () => engine },
  );
  const next = nextState(outcome.key!, outcome.results, prints, state, { id: "1" });
  return {
    engine,
    verdict: conversationVerdict(outcome.results, settings.reports.failOn, settings.reports.decide),
    cached: outcome.results.map((r) => r.cached === true),
    body: `<!-- sandbox-gate:k -->\n${renderState(next)}`,
    skipped: outcome.skipped.map((s) => s.id),
  };
}

describe("a conversation judged run after run", () => {
  const replies = [comment(1, "FAIL = 1"), comment(2, "FAIL = 2"), comment(3, "ok = 3")];

  it("the latest decides; a fourth reply is the only one judged; an edit re-judges only it", async () => {
    const first = await run(replies, "");
    expect(first.engine.jobs).toHaveLength(3);
    expect(first.verdict).toMatchObject({
      failed: false,
      reason: "the latest reply, from @coder[bot], passes the tests — overall: 1 of 3 replies passed",
    });

    const fourth = [...replies, comment(4, "FAIL = 4")];
    const second = await run(fourth, first.body);
    expect(second.engine.jobs).toHaveLength(1);
    expect(second.cached).toEqual([true, true, true, false]);
    expect(second.verdict).toMatchObject({
      failed: true,
      reason: "the latest reply, from @coder[bot], fails the tests — overall: 1 of 4 replies passed",
    });

    const edited = fourth.map((c) =>
      c.id === 2 ? { ...c, body: c.body.replace("FAIL = 2", "ok = 2"), updatedAt: "2025-02-01T00:00:00Z" } : c,
    );
    const third = await run(edited, second.body);
    expect(third.engine.jobs).toHaveLength(1);
    expect(third.cached).toEqual([true, false, true, true]);
  });

  it("a changed test file, a changed limit or rejudge judges everything again", async () => {
    const first = await run(replies, "");
    expect((await run(replies, first.body)).engine.jobs).toHaveLength(0);
    expect((await run(replies, first.body, { timeout: "3s" })).engine.jobs).toHaveLength(3);
    writeFileSync(join(workdir, "test_solution.py"), "import solution  # changed\n");
    expect((await run(replies, first.body)).engine.jobs).toHaveLength(3);
  });

  it("a state that does not hold is not trusted: every reply is judged, nothing passes that did not run", async () => {
    const failing = [comment(11, "FAIL = 1"), comment(12, "FAIL = 2")];
    const first = await run(failing, "");
    expect(first.verdict.failed).toBe(true);
    // Passes claimed for bodies the replies do not have (a well-formed forgery of the replies' own hashes
    // is told by who edited the comment: action/thread.ts, test/integration/action.test.ts).
    const claimed = first.body.replaceAll('"s":"test_failed"', '"s":"pass"').replace(/"h":"[0-9a-f]{4}/g, '"h":"0000');
    const again = await run(failing, claimed);
    expect(again.engine.jobs).toHaveLength(2);
    expect(again.verdict.failed).toBe(true);
    const broken = await run(failing, first.body.replace('"v":1', '"v":1,"x":0'));
    expect(broken.engine.jobs).toHaveLength(2);
    expect(broken.cached).toEqual([false, false]);
  });
});

describe("what a source lists but is no candidate", () => {
  const coverage: AgentComment = {
    ...comment(21, ""),
    author: "codecov[bot]",
    body: "## Codecov Report\nAll modified lines are covered by tests.",
  };

  it("is listed as skipped, never judged, run after run (carried over or not)", async () => {
    const replies = [comment(22, "ok = 22"), coverage];
    const first = await run(replies, "");
    expect(first.engine.jobs).toHaveLength(1);
    expect(first.skipped).toEqual(["comment-21"]);
    expect(first.verdict).toMatchObject({ failed: false, reason: "the reply from @coder[bot] passes the tests" });
    const second = await run(replies, first.body);
    expect(second.engine.jobs).toHaveLength(0);
    expect(second.skipped).toEqual(["comment-21"]);
  });

  it("costs no quota, and with shards only the first lists it: a merged report holds it once", async () => {
    const outcome = (inputs: Partial<Record<InputName, string>>) => {
      const settings = readSettings((name) => ({ pull: "never", language: "python", ...inputs })[name] ?? "", {
        defaultWorkdir: workdir,
        cpuCount: 2,
      });
      const source = commentsSource([coverage, comment(23, "ok = 23")], ["*[bot]"], { login: "x" }, (c) =>
        holdsCode(c, settings),
      );
      const io = { log: () => {}, warn: () => {}, audit: () => {}, engine: async () => new ScriptedEngine() };
      return runSession(settings, { kind: "judge", entries: () => source.entries() }, "r", io);
    };
    const quota = await outcome({ "max-candidates": "1" });
    expect(quota.results.map((r) => r.id)).toEqual(["comment-23"]);
    expect(quota.skipped).toEqual([
      expect.objectContaining({ id: "comment-21", reason: expect.stringContaining("no code") }),
    ]);
    expect((await outcome({ shard: "1/2" })).skipped.map((s) => s.id)).toEqual(["comment-21"]);
    expect((await outcome({ shard: "2/2" })).skipped).toEqual([]);
  });
});
