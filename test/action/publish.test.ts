import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { conversationVerdict } from "../../src/action/conversation.js";
import type { ActionIO } from "../../src/action/io.js";
import {
  annotationPrefix,
  checkName,
  nothingToJudge,
  checkTitle,
  commentInput,
  failedRunCheck,
  outputsOf,
  publishRun,
  Publisher,
  upToDate,
  verdictCheck,
  type CheckTarget,
} from "../../src/action/publish.js";
import { readThread } from "../../src/action/thread.js";
import { STATUS_INFO } from "../../src/core/statuses.js";
import { createGitHubClient, type Comment } from "../../src/github/client.js";
import { evaluate } from "../../src/report/evaluation.js";
import { CHECK_SUMMARY_MAX_LENGTH, renderComment } from "../../src/report/markdown.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import {
  ACTIONS_BOT,
  AGENT,
  APP_BOT,
  APP_TOKEN,
  HUMAN,
  NO_CHECKS_TOKEN,
  PAT,
  READ_ONLY_TOKEN,
  startFakeGitHub,
  TOKEN,
  type FakeGitHub,
} from "../support/github-server.js";
import { FAIL_ON, result } from "../report/fixtures.js";

const results = [result({ id: "a", status: "pass" }), result({ id: "b", status: "test_failed" })];
const verdict = conversationVerdict(results, FAIL_ON, "all");

/** An ActionIO that notes everything said to the runner. */
function recordingIO(): ActionIO & { said: string[] } {
  const said: string[] = [];
  return {
    said,
    info: (line) => said.push(`info ${line}`),
    warn: (line) => said.push(`warn ${line}`),
    debug: (line) => said.push(`debug ${line}`),
    summary: async () => {
      throw new Error("no summary file");
    },
    output: (name, value) => said.push(`output ${name}=${value}`),
    annotate: (level, message, place) => said.push(`${level} ${place.title}: ${message}`),
    fail: (message) => said.push(`fail ${message}`),
  };
}

describe("commentInput", () => {
  it("takes the gate, what decides and whether only our side failed from the verdict", () => {
    const input = commentInput({ results, skipped: [], verdict, marker: "<!-- m -->" });
    expect(input).toMatchObject({ gate: verdict, deciding: verdict.deciding, ours: false, marker: "<!-- m -->" });
    expect(input.results).toBe(results);
  });
});

describe("outputsOf", () => {
  it("counts, the status and the compact results, in action.yml's order", () => {
    const outputs = outputsOf(results, verdict, FAIL_ON, undefined);
    expect(Object.keys(outputs)).toEqual(["total", "passed", "failed", "status", "report", "results"]);
    expect(outputs).toMatchObject({ total: 2, passed: 1, failed: 1, status: "fail", report: "" });
    expect(JSON.parse(outputs.results as string)).toHaveLength(2);
  });
});

describe("annotationPrefix", () => {
  it("the work dir relative to the workspace, nothing for the workspace itself or a dir outside it", () => {
    expect(annotationPrefix("/ws", "/ws/sub/dir")).toBe("sub/dir");
    expect(annotationPrefix("/ws", "sub")).toBe("sub");
    expect(annotationPrefix("/ws", "/ws")).toBe("");
    expect(annotationPrefix("/ws", "/elsewhere")).toBe("");
  });
});

describe("upToDate", () => {
  const input = commentInput({ results, skipped: [], verdict, marker: "<!-- m -->" });
  const block = "<!-- sandbox-gate-state v1 {} -->\n";
  const body = renderComment(input) + block;
  const comment = (text: string) => ({ body: text }) as Comment;
  it("the same remembered verdicts and the same verdict line: the comment stands", () => {
    expect(upToDate(comment(body), block, body)).toBe(true);
  });
  it("otherwise it is written: no comment yet, nothing remembered, other verdicts or another verdict line", () => {
    expect(upToDate(null, block, body)).toBe(false);
    expect(upToDate(comment(body), "", body)).toBe(false);
    expect(upToDate(comment(renderComment(input)), block, body)).toBe(false);
    expect(upToDate(comment(body.replace(/^### .*$/m, "### other")), block, body)).toBe(false);
  });
});

describe("Publisher", () => {
  it("a summary that cannot be written is a warning, not a failure", async () => {
    const io = recordingIO();
    await new Publisher(io).summary("# report");
    expect(io.said).toEqual(["warn sandbox-gate could not write the job summary: no summary file"]);
  });
  it("sets every output", () => {
    const io = recordingIO();
    new Publisher(io).outputs({ total: 2, status: "fail" });
    expect(io.said).toEqual(["output total=2", "output status=fail"]);
  });
  it("annotates the verdict first, as the step's failure, then the failing candidates", () => {
    const io = recordingIO();
    new Publisher(io).annotate(results, verdict, FAIL_ON, "");
    expect(io.said[0]).toBe(`fail ${verdict.reason}`);
    expect(io.said.slice(1)).toEqual([expect.stringMatching(/^error sandbox-gate: .* in b: /)]);
  });
  it("a passing verdict is a line of the log, and no candidate is annotated", () => {
    const io = recordingIO();
    const passing = [results[0]!];
    new Publisher(io).annotate(passing, conversationVerdict(passing, FAIL_ON, "all"), FAIL_ON, "");
    expect(io.said).toEqual(["info the candidate passes the tests"]);
  });
});

describe("checkName", () => {
  const named = (commentKey: string, matrix: Record<string, string> = {}) => checkName({ commentKey, matrix });
  it("sandbox-gate for the one gate; with the comment-key, or else the matrix leg, that keeps its comment apart", () => {
    expect(named("")).toBe("sandbox-gate");
    expect(named("python")).toBe("sandbox-gate (python)");
    expect(named("", { python: "3.12", os: "ubuntu" })).toBe("sandbox-gate (os=ubuntu,python=3.12)");
    expect(named("py", { python: "3.12" })).toBe("sandbox-gate (py)");
  });
  it("a long key keeps its head and a hash, as the comment's marker does: two long keys stay apart", () => {
    const a = named(`${"k".repeat(150)}a`);
    const b = named(`${"k".repeat(150)}b`);
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThanOrEqual("sandbox-gate ()".length + 100);
  });
});

describe("checkTitle and the check of a verdict", () => {
  const verdictOf = (...statuses: (keyof typeof STATUS_INFO)[]) =>
    conversationVerdict(
      statuses.map((status, i) => result({ id: `r${i}`, status })),
      FAIL_ON,
      "all",
    );
  it("the verdict line, with its icon", () => {
    expect(checkTitle(verdict)).toBe(`❌ ${verdict.reason}`);
    const passing = verdictOf("pass");
    expect(checkTitle(passing)).toBe(`✅ ${passing.reason}`);
  });
  it("only our side failed: still a failure, and the title says it is ours", () => {
    const ours = verdictOf("sandbox_error", "pass");
    expect(ours.ours).toBe(true);
    expect(checkTitle(ours)).toMatch(/^⚠️ .*our sandbox failed: re-run/);
    // A verdict line that does not say it itself gets the note.
    expect(
      checkTitle({ failed: true, ours: true, reason: "the latest of 4 authors: 3 pass the gate, 1 fail it" }),
    ).toBe("⚠️ the latest of 4 authors: 3 pass the gate, 1 fail it — sandbox error (ours: re-run)");
    const input = commentInput({ results: [], skipped: [], verdict: ours, marker: "<!-- m -->" });
    expect(verdictCheck(input)).toMatchObject({ conclusion: "failure", title: checkTitle(ours) });
  });
  it("the conclusion is the verdict's; the summary fits GitHub's 65 535 characters; the run is linked", () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      result({ id: `r${i}`, status: "test_failed", feedback: "x".repeat(2000) }),
    );
    const failing = conversationVerdict(many, FAIL_ON, "all");
    const input = commentInput({
      results: many,
      skipped: [],
      verdict: failing,
      marker: "<!-- m -->",
      runUrl: "https://github.com/o/r/actions/runs/1",
    });
    const check = verdictCheck(input);
    expect(check.conclusion).toBe("failure");
    expect(check.summary.length).toBeLessThanOrEqual(CHECK_SUMMARY_MAX_LENGTH);
    expect(check.summary).toContain(failing.reason);
    expect(check.detailsUrl).toBe("https://github.com/o/r/actions/runs/1");
  });
  it("a run that ended in an error: a failure naming it", () => {
    const check = failedRunCheck("Input 'tests': 'nope/*.py' matches no file", "https://x/runs/2");
    expect(check).toMatchObject({
      conclusion: "failure",
      title: "⚠️ sandbox-gate did not finish: Input 'tests': 'nope/*.py' matches no file",
      detailsUrl: "https://x/runs/2",
    });
    expect(check.summary).toContain("'nope/*.py' matches no file");
    expect(failedRunCheck("y".repeat(100_000)).summary.length).toBeLessThanOrEqual(CHECK_SUMMARY_MAX_LENGTH);
  });
});

describe("Publisher.check against GitHub", () => {
  let github: FakeGitHub;
  beforeEach(async () => {
    github = await startFakeGitHub();
  });
  afterEach(async () => {
    await github.close();
    expect(github.violations).toEqual([]);
  });
  const sha = "a".repeat(40);
  const target: CheckTarget = { owner: "octo", repo: "app", name: "sandbox-gate", headSha: sha };
  const client = (token = TOKEN) => createGitHubClient(token, { baseUrl: github.url, retry: { maxAttempts: 1 } });
  const report = verdictCheck(commentInput({ results, skipped: [], verdict, marker: "<!-- m -->" }));
  const passed = { conclusion: "success" as const, title: "✅ passes", summary: "### ✅ passes" };
  const warnings = (io: { said: string[] }) => io.said.filter((l) => l.startsWith("warn "));

  it("creates the check on the head commit, then a re-run updates that same check", async () => {
    const io = recordingIO();
    const publisher = new Publisher(io);
    await publisher.check(client(), target, report);
    await publisher.check(client(), target, passed);
    expect(github.checkRuns).toHaveLength(1);
    expect(github.checkRuns[0]).toMatchObject({
      name: "sandbox-gate",
      headSha: sha,
      conclusion: "success",
      title: "✅ passes",
      externalId: "sandbox-gate",
      updates: 1,
    });
    expect(io.said.filter((l) => l.startsWith("info check"))).toEqual([
      expect.stringMatching(/^info check sandbox-gate created: https:\/\/github.com\/octo\/app\/runs\/\d+$/),
      expect.stringMatching(/^info check sandbox-gate updated: /),
    ]);
    expect(warnings(io)).toEqual([]);
  });

  it("two names are two checks, and a check on another commit is another check", async () => {
    const publisher = new Publisher(recordingIO());
    await publisher.check(client(), { ...target, name: "sandbox-gate (python)" }, report);
    await publisher.check(client(), { ...target, name: "sandbox-gate (node)" }, passed);
    await publisher.check(client(), { ...target, name: "sandbox-gate (python)" }, passed);
    await publisher.check(client(), { ...target, name: "sandbox-gate (python)", headSha: "b".repeat(40) }, report);
    expect(github.checkRuns.map((c) => [c.name, c.headSha[0], c.conclusion, c.updates])).toEqual([
      ["sandbox-gate (python)", "a", "success", 1],
      ["sandbox-gate (node)", "a", "success", 0],
      ["sandbox-gate (python)", "b", "failure", 0],
    ]);
  });

  it("never touches a check of that name it did not make: the job's own, another App's", async () => {
    // The job's own check run when the job is called sandbox-gate: the same App, without our mark.
    const job = github.addCheckRun({ ...target, app: ACTIONS_BOT, externalId: "6d1a-job-guid", title: "job" });
    // Another App's check of that name, even one that carries our mark: GitHub lets only its App update it.
    const other = github.addCheckRun({ ...target, app: APP_BOT, externalId: "sandbox-gate", title: "other" });
    const io = recordingIO();
    await new Publisher(io).check(client(), target, report);
    expect(github.checkRuns).toHaveLength(3);
    expect([job, other].map((c) => [c.title, c.updates])).toEqual([
      ["job", 0],
      ["other", 0],
    ]);
    expect(github.checkRuns[2]).toMatchObject({ app: ACTIONS_BOT, conclusion: "failure", externalId: "sandbox-gate" });
    expect(warnings(io)).toEqual([]);
    // And the next run updates its own.
    await new Publisher(io).check(client(), target, passed);
    expect(github.checkRuns).toHaveLength(3);
    expect(github.checkRuns[2]).toMatchObject({ conclusion: "success", updates: 1 });
  });

  it("an App's token updates its own check", async () => {
    await new Publisher(recordingIO()).check(client(APP_TOKEN), target, report);
    await new Publisher(recordingIO()).check(client(APP_TOKEN), target, passed);
    expect(github.checkRuns).toMatchObject([{ app: APP_BOT, conclusion: "success", updates: 1 }]);
  });

  it.each([
    ["without checks: write", NO_CHECKS_TOKEN],
    ["read-only (a fork's pull request)", READ_ONLY_TOKEN],
    ["a personal access token", PAT],
  ])("a token %s: exactly one warning naming checks: write, and no throw", async (_, token) => {
    // Our earlier check is there: the update is refused as the create is.
    github.addCheckRun({ ...target, app: ACTIONS_BOT, externalId: "sandbox-gate", title: "before" });
    const io = recordingIO();
    await new Publisher(io).check(client(token), target, report);
    expect(warnings(io)).toEqual([
      expect.stringMatching(
        /^warn sandbox-gate could not post the check sandbox-gate \(.*403.*\): give the job checks: write/,
      ),
    ]);
    expect(github.checkRuns.map((c) => c.title)).toEqual(["before"]);
  });
});

describe("publishRun", () => {
  let github: FakeGitHub;
  beforeEach(async () => {
    github = await startFakeGitHub();
  });
  afterEach(async () => {
    await github.close();
    expect(github.violations).toEqual([]);
  });
  const settings = (inputs: Partial<Record<InputName, string>> = {}) =>
    readSettings((name) => inputs[name] ?? "", { defaultWorkdir: "/repo", defaultToken: "t" });

  it("posts the check with comment: false too, and none without a target (not a pull request)", async () => {
    const client = createGitHubClient(TOKEN, { baseUrl: github.url });
    const outcome = { results, skipped: [], decision: verdict, evaluation: evaluate(results) };
    const context = {
      eventName: "pull_request",
      payload: {},
      serverUrl: "https://github.com",
      repo: { owner: "octo", repo: "app" },
      sha: "b".repeat(40),
      runId: 42,
    };
    const check = { owner: "octo", repo: "app", name: "sandbox-gate", headSha: "a".repeat(40) };
    const pr = { owner: "octo", repo: "app", number: 7 };
    const run = { settings: settings({ comment: "false" }), merged: false, outcome, context, client };
    const judged = await publishRun(new Publisher(recordingIO()), { ...run, pr, check });
    expect(judged.failed).toBe(true);
    expect(github.issueComments("octo", "app", 7)).toEqual([]);
    expect(github.checkRuns).toMatchObject([
      { name: "sandbox-gate", headSha: "a".repeat(40), conclusion: "failure", title: checkTitle(verdict) },
    ]);
    expect(github.checkRuns[0]!.detailsUrl).toBe("https://github.com/octo/app/actions/runs/42");
    await publishRun(new Publisher(recordingIO()), run);
    expect(github.checkRuns).toHaveLength(1);
  });
});

describe("nothingToJudge", () => {
  it("no result and no reply left unjudged", () => {
    expect(nothingToJudge([], { count: 0 })).toBe(true);
    expect(nothingToJudge([], { count: 3 })).toBe(false);
    expect(nothingToJudge(results, { count: 0 })).toBe(false);
  });
});

describe("publishRun on a pull request with nothing to judge", () => {
  let github: FakeGitHub;
  beforeEach(async () => {
    github = await startFakeGitHub();
  });
  afterEach(async () => {
    await github.close();
    expect(github.violations).toEqual([]);
  });
  const PR = { owner: "octo", repo: "app", number: 7 };
  const MARKER = "<!-- sandbox-gate:agent-gate/gate -->";
  const check = { owner: "octo", repo: "app", name: "sandbox-gate", headSha: "a".repeat(40) };
  const context = {
    eventName: "pull_request",
    payload: {},
    serverUrl: "https://github.com",
    repo: { owner: "octo", repo: "app" },
    sha: "b".repeat(40),
    runId: 42,
  };
  const noLog = { info: () => {}, warn: () => {}, debug: () => {} };

  /** The main step's publishing, its thread read from the fake GitHub as the action reads it. */
  async function publish(judged: typeof results, skipped: Parameters<typeof commentInput>[0]["skipped"] = []) {
    const client = createGitHubClient(TOKEN, { baseUrl: github.url, retry: { maxAttempts: 1 } });
    const settings = readSettings(() => "", { defaultWorkdir: "/repo", defaultToken: "t" });
    const thread = await readThread(settings, client, PR, { marker: MARKER }, noLog);
    const outcome = { results: judged, skipped, decision: verdict, evaluation: evaluate(judged), key: "k".repeat(64) };
    const io = recordingIO();
    const gate = await publishRun(new Publisher(io), {
      settings,
      merged: false,
      outcome,
      context,
      client,
      thread,
      pr: PR,
      check,
    });
    return { gate, said: io.said };
  }

  it("a human's pull request: no comment is written; the check says there is nothing to judge", async () => {
    github.addIssueComment("octo", "app", 7, "Looks good to me.", HUMAN);
    const { gate, said } = await publish([]);
    expect(gate).toMatchObject({ failed: false, reason: "no candidates to judge" });
    expect(github.issueComments("octo", "app", 7).map((c) => c.body)).toEqual(["Looks good to me."]);
    expect(github.requests.filter((r) => r.method !== "GET" && r.path.includes("/comments"))).toEqual([]);
    expect(said).toContain("info nothing to judge on this pull request: no comment written");
    expect(github.checkRuns).toMatchObject([
      { name: "sandbox-gate", conclusion: "success", title: "✅ no candidates to judge" },
    ]);
  });

  it("the comment of an earlier run is updated to say so, not left to contradict the check", async () => {
    const earlier = github.addIssueComment(
      "octo",
      "app",
      7,
      `${MARKER}\n### ❌ the reply from @coder fails`,
      ACTIONS_BOT,
    );
    await publish([]);
    expect(github.issueComments("octo", "app", 7)).toHaveLength(1);
    expect(github.issueComments("octo", "app", 7)[0]).toMatchObject({ id: earlier.id });
    expect(github.issueComments("octo", "app", 7)[0]!.body).toContain("no candidates to judge");
  });

  it("a comment listed as no agent's reply leaves no reply unjudged: the replies' verdict, and the comment lists it", async () => {
    const agent = github.addIssueComment("octo", "app", 7, "```python\nprint(1)\n```", AGENT);
    const coverage = github.addIssueComment("octo", "app", 7, "## Codecov Report", {
      ...AGENT,
      login: "codecov[bot]",
      id: 9_000_002,
    });
    const passed = [result({ id: `comment-${agent.id}`, status: "pass", author: AGENT.login })];
    const listed = {
      id: `comment-${coverage.id}`,
      source: "u",
      reason: "@codecov[bot]: no code, matched only by the wildcard *[bot]",
    };
    const { gate } = await publish(passed, [listed]);
    expect(gate).toMatchObject({ failed: false, reason: "the reply from @coder[bot] passes the tests" });
    const mine = github.issueComments("octo", "app", 7).filter((c) => c.user.login === ACTIONS_BOT.login);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toContain("no code, matched only by the wildcard");
  });
});
