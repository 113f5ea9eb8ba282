// The action end to end: the bundled dist on Node 24, a real Docker engine, and a loopback GitHub
// that checks every request against GitHub's OpenAPI description.
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { marked } from "marked";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildReport } from "../../src/report/json.js";
import { defaultWallTimeoutMs } from "../../src/sandbox/charged-time.js";
import { RUN_LABEL } from "../../src/sandbox/job.js";
import { result as judgedResult } from "../report/fixtures.js";
import {
  ACTIONS_BOT,
  AGENT,
  APP_BOT,
  APP_TOKEN,
  HUMAN,
  NO_CHECKS_TOKEN,
  PAT,
  READ_ONLY_TOKEN,
  TOKEN,
  startFakeGitHub,
  type FakeGitHub,
} from "../support/github-server.js";
import {
  issueCommentEvent,
  node24Path,
  pullRequestEvent,
  runStep,
  workflowRunEvent,
  type StepOptions,
} from "./bundled-action.js";
import { PYTHON_DEV_IMAGE, TEST_IMAGE, docker } from "./support.js";
import { checkout } from "./checkout.js";
import { tempDir } from "../support/temp.js";

const PR = 7;
const fence = (code: string) => `Here you go:\n\n\`\`\`python\n${code}\n\`\`\`\n`;
const REPLIES = {
  pass: fence("def add(a, b):\n    return a + b"),
  syntax: fence("def add(a, b)\n    return a + b"),
  loop: fence("def add(a, b):\n    while True:\n        pass"),
  wrong: fence("def add(a, b):\n    return a - b"),
};

let github: FakeGitHub;
let workspace: string;

beforeAll(() => {
  node24Path();
  workspace = tempDir("workspace");
  cpSync(resolve(import.meta.dirname, "../../examples"), workspace, { recursive: true });
});

beforeEach(async () => {
  github = await startFakeGitHub();
});

afterEach(async () => {
  expect(github.violations).toEqual([]);
  await github.close();
});

function step(inputs: Record<string, string> = {}, token = TOKEN): StepOptions {
  return {
    apiUrl: github.url,
    workspace,
    event: pullRequestEvent(PR),
    inputs: {
      "github-token": token,
      language: "python",
      tests: "test_solution.py",
      command: "python3 test_solution.py",
      image: TEST_IMAGE,
      pull: "never",
      // Roomy, so a reply that passes never races it on a loaded runner.
      timeout: "10s",
      ...inputs,
    },
  };
}

// The test that judges the endless loop gives it 3 s: the loop is charged the time it had, but its verdict
// is `timeout` only if it gets that time before the wall-clock backstop (defaultWallTimeoutMs: 63 s), and
// on a loaded runner it gets little. With 10 s, beside four hogs and two other test files, the test failed
// after 160 s (likely the loop's `sandbox_error` at the backstop, and again on the retry our failures get).
// 3 s is still ten times what the passing reply is charged; the test's budget is the backstop and the steps.
const LOOP_TIMEOUT_MS = 3_000;
const LOOP_TIMEOUT = `${LOOP_TIMEOUT_MS / 1000}s`;
const LOOP_TEST_MS = defaultWallTimeoutMs(LOOP_TIMEOUT_MS) + 120_000;

const gateComments = () => github.issueComments("octo", "app", PR).filter((c) => c.body.includes("<!-- sandbox-gate:"));

describe("the bundled action on a pull request", () => {
  it(
    "judges the bot replies, ignores the human, fails the step and keeps one sticky comment",
    async () => {
      github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);
      github.addIssueComment("octo", "app", PR, "Looks good to me, but can you also handle floats?", HUMAN);
      github.addReviewComment("octo", "app", PR, REPLIES.syntax, AGENT);
      github.addReview("octo", "app", PR, REPLIES.loop, AGENT);

      // Every reply decides, so every failure is annotated.
      const first = await runStep(step({ decide: "all", timeout: LOOP_TIMEOUT }));
      expect(first.exitCode, first.stdout + first.stderr).toBe(1);
      const results = JSON.parse(first.outputs.results!) as { id: string; status: string }[];
      expect(results.map((r) => r.status)).toEqual(["pass", "syntax_error", "timeout"]);
      expect(first.outputs).toMatchObject({ total: "3", passed: "1", failed: "2", status: "fail" });
      expect(first.stdout).toMatch(/::error::1 of 3 replies passed — 2 failed the gate/);
      // The syntax error is annotated on the file and line the parser named.
      expect(first.stdout).toMatch(/::error title=.*syntax error.*,file=solution\.py,line=1,col=\d+::/);
      expect(first.summary).toContain("syntax error");
      expect(gateComments()).toHaveLength(1);
      // A copy: the fake updates its stored comment in place.
      const created = { ...gateComments()[0]! };
      expect(created.user.login).toBe(ACTIONS_BOT.login);
      expect(created.body).toContain("syntax error");

      // A second run on the same PR updates the comment in place; the latest reply passes, and decides.
      github.addIssueComment("octo", "app", PR, fence("def add(a, b):\n    return b + a"), AGENT);
      const second = await runStep(step({ timeout: LOOP_TIMEOUT }));
      expect(second.exitCode, second.stdout).toBe(0);
      expect(JSON.parse(second.outputs.results!)).toHaveLength(4);
      expect(gateComments()).toHaveLength(1);
      expect(gateComments()[0]!.id).toBe(created.id);
      expect(gateComments()[0]!.updatedAt > created.updatedAt).toBe(true);
      expect(gateComments()[0]!.body).not.toBe(created.body);
    },
    LOOP_TEST_MS,
  );

  it("warns and still decides by the candidates when commenting is forbidden (fork PR, read-only token)", async () => {
    github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);
    const result = await runStep(step({}, READ_ONLY_TOKEN));
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.stdout).toMatch(/::warning::sandbox-gate could not comment on the pull request/);
    expect(result.summary).toContain("pass");
    expect(result.outputs.status).toBe("pass");
    expect(gateComments()).toHaveLength(0);
  });

  it("makes every candidate sandbox_error, saying why, when the image is missing and pull is never", async () => {
    github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);
    github.addIssueComment("octo", "app", PR, REPLIES.syntax, AGENT);
    const result = await runStep(step({ image: "sandbox-gate-test/missing:never" }));
    expect(result.exitCode).toBe(1);
    const results = JSON.parse(result.outputs.results!) as { status: string }[];
    expect(results.map((r) => r.status)).toEqual(["sandbox_error", "sandbox_error"]);
    expect(gateComments()[0]!.body).toMatch(/sandbox-gate-test\/missing:never.*(missing|not present)/s);
  });

  it("ends with one error line naming a bad input, running nothing", async () => {
    github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);
    const result = await runStep(step({ memory: "256q" }));
    expect(result.exitCode).toBe(1);
    expect(result.stdout.split("\n").filter((l) => l.startsWith("::error"))).toEqual([
      "::error::Input 'memory': '256q' is not a size (examples: 64k, 256m, 1g)",
    ]);
    expect(github.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("judges the pull request's own diff as one patch and annotates the line it broke", async () => {
    const repo = tempDir("pr-repo");
    cpSync(resolve(import.meta.dirname, "../fixtures/patch-repo"), repo, { recursive: true });
    github.setDiff(
      "octo",
      "app",
      PR,
      readFileSync(resolve(import.meta.dirname, "../fixtures/patches/broken.patch"), "utf8"),
    );
    const result = await runStep({
      ...step({ source: "pull-request", tests: "calc/**,tests/**", command: "python3 -m unittest discover -s tests" }),
      workspace: repo,
    });
    expect(result.exitCode).toBe(1);
    expect(JSON.parse(result.outputs.results!)).toEqual([
      expect.objectContaining({ id: `pull-${PR}`, status: "syntax_error" }),
    ]);
    expect(result.stdout).toMatch(/::error title=[^\n]*,file=calc\/ops\.py,line=8[,:]/);
    expect(gateComments()[0]!.body).toContain("calc/ops.py");
  });

  it("a pull request that rewrites pytest's reports in a conftest.py is protected, the file named in the comment and an annotation", async () => {
    const repo = checkout(resolve(import.meta.dirname, "../fixtures/repos/protect-py"));
    github.setDiff(
      "octo",
      "app",
      PR,
      readFileSync(resolve(import.meta.dirname, "../fixtures/repos/protect-py-patches/conftest-report.patch"), "utf8"),
    );
    const result = await runStep({
      ...step({
        source: "pull-request",
        tests: "",
        image: PYTHON_DEV_IMAGE,
        command: "python3 -m pytest -q -p no:cacheprovider --junitxml=reports/pytest.xml",
        "test-results": "reports/*.xml",
        timeout: "30s",
      }),
      workspace: repo,
    });
    expect(result.exitCode, result.stdout).toBe(1);
    expect(JSON.parse(result.outputs.results!)).toEqual([
      expect.objectContaining({ id: `pull-${PR}`, status: "protected" }),
    ]);
    expect(result.stdout).toMatch(
      /::error title=[^\n]*changed the protected file conftest\.py[^\n]*,file=conftest\.py/,
    );
    expect(gateComments()[0]!.body).toContain("changed protected file: conftest.py");
  });

  it("removes the run's leftover containers in the post step", async () => {
    // (the post step's own test; the conversation tests follow in their describe)
    const runId = "4242-postcheck";
    docker(
      "run",
      "-d",
      "--network",
      "none",
      "--label",
      `${RUN_LABEL}=${runId}`,
      "--name",
      `sg-post-${Date.now()}`,
      TEST_IMAGE,
      "sleep",
      "300",
    );
    const post = await runStep({ ...step(), state: { isPost: "true", "run-id": runId } });
    expect(post.exitCode, post.stdout).toBe(0);
    expect(docker("ps", "-a", "--filter", `label=${RUN_LABEL}=${runId}`, "--format", "{{.Names}}").trim()).toBe("");
  });
});

let runs = 0;
/** A step that writes its JSON report and audit log under names of its own; both read back. */
async function judged(inputs: Record<string, string> = {}, token = TOKEN) {
  const name = `run-${++runs}`;
  const result = await runStep(step({ report: `${name}.json`, "audit-log": `${name}.jsonl`, ...inputs }, token));
  const report = JSON.parse(readFileSync(resolve(workspace, `${name}.json`), "utf8")) as {
    results: { id: string; status: string; cached?: boolean }[];
  };
  const audit = existsSync(resolve(workspace, `${name}.jsonl`))
    ? readFileSync(resolve(workspace, `${name}.jsonl`), "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
    : [];
  return { ...result, report, judgedIds: audit.map((l) => (JSON.parse(l) as { candidate: string }).candidate) };
}

const cached = (r: Awaited<ReturnType<typeof judged>>) => r.report.results.map((x) => x.cached === true);

describe("the conversation, run after run", () => {
  it("the latest reply decides; a new reply is the only one judged; an edit re-judges it; a test change re-judges all", async () => {
    github.addIssueComment("octo", "app", PR, REPLIES.wrong, AGENT);
    const second = github.addIssueComment("octo", "app", PR, REPLIES.syntax, AGENT);
    github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);

    const first = await judged();
    expect(first.exitCode, first.stdout).toBe(0);
    expect(first.report.results.map((r) => r.status)).toEqual(["test_failed", "syntax_error", "pass"]);
    expect(first.judgedIds).toHaveLength(3);
    const body = gateComments()[0]!.body;
    expect(body.split("\n")[2]).toMatch(
      /^### ✅ the latest reply, from @\u200bcoder\\\[bot\\\], passes the tests — overall: 1 of 3 replies passed — at/,
    );
    expect(body).toContain("<summary>History: 2 earlier replies, 0 passed</summary>");
    // Audit lines stay out of the log unless it is a debug run.
    const audited = first.stdout.split("\n").filter((l) => l.includes('"event":"sandbox-gate.candidate"'));
    expect(audited.length).toBe(3);
    expect(audited.every((l) => l.startsWith("::debug::"))).toBe(true);
    expect(first.stdout).toMatch(/::group::sandbox-gate: images and candidates/);

    // Each judged reply carries its verdict where it is: 🚀 or 👎, the 👀 of the run gone.
    // (in any order: the reactions go out side by side)
    const reacted = () => github.reactions.map((r) => [r.on, r.content]).sort();
    expect(reacted()).toEqual(first.report.results.map((r) => [r.id, r.status === "pass" ? "rocket" : "-1"]).sort());

    const fourth = github.addIssueComment("octo", "app", PR, REPLIES.wrong, AGENT);
    const next = await judged();
    expect(reacted()).toContainEqual([`comment-${fourth.id}`, "-1"]);
    expect(reacted()).toHaveLength(4);
    expect(next.exitCode).toBe(1);
    expect(next.judgedIds).toEqual([`comment-${fourth.id}`]);
    expect(cached(next)).toEqual([true, true, true, false]);
    expect(next.stdout).toMatch(
      /::error::the latest reply, from @coder\[bot\], fails the tests — overall: 1 of 4 replies passed/,
    );
    expect(gateComments()).toHaveLength(1);

    github.editIssueComment(second.id, REPLIES.pass, AGENT);
    const edited = await judged();
    expect(edited.judgedIds).toEqual([`comment-${second.id}`]);
    expect(edited.report.results[1]).toMatchObject({ status: "pass" });

    const changed = tempDir("changed-tests");
    cpSync(workspace, changed, { recursive: true });
    writeFileSync(
      resolve(changed, "test_solution.py"),
      `${readFileSync(resolve(changed, "test_solution.py"), "utf8")}\n# changed\n`,
    );
    const all = await runStep({ ...step({ "audit-log": "all.jsonl" }), workspace: changed });
    expect(readFileSync(resolve(changed, "all.jsonl"), "utf8").trim().split("\n")).toHaveLength(4);
    expect(all.exitCode).toBe(1);

    const forced = await judged({ rejudge: "true" });
    expect(forced.judgedIds).toHaveLength(4);
  });

  it("a forged state is not trusted: everything is judged, nothing passes that did not run", async () => {
    github.addIssueComment("octo", "app", PR, REPLIES.wrong, AGENT);
    github.addIssueComment("octo", "app", PR, REPLIES.syntax, AGENT);
    const first = await judged();
    expect(first.exitCode).toBe(1);
    const ours = gateComments()[0]!;
    // A collaborator (or an agent's App with write access) rewrites the remembered verdicts to passes,
    // the block still well-formed and the hashes still the replies'.
    github.editIssueComment(
      ours.id,
      ours.body.replaceAll('"s":"test_failed"', '"s":"pass"').replaceAll('"s":"syntax_error"', '"s":"pass"'),
      HUMAN,
    );
    const again = await judged();
    expect(again.judgedIds).toHaveLength(2);
    expect(cached(again)).toEqual([false, false]);
    expect(again.exitCode).toBe(1);
    expect(again.stdout).toMatch(/remembered verdicts not used: the comment was last edited by octocat/);

    // A corrupt block (cut short) in the gate's own comment, and a forged one in someone else's.
    const mine = gateComments().find((c) => c.user.login === ACTIONS_BOT.login)!;
    github.editIssueComment(mine.id, mine.body.replace(/"key":"[0-9a-f]+"/, '"key":"cut'), ACTIONS_BOT);
    github.addIssueComment("octo", "app", PR, `${ours.body.split("\n")[0]}\n${mine.body.split("\n").at(-2)}`, HUMAN);
    const third = await judged();
    expect(third.judgedIds).toHaveLength(2);
    expect(third.exitCode).toBe(1);
    expect(github.issueComments("octo", "app", PR).filter((c) => c.user.login === HUMAN.login)[0]!.body).not.toContain(
      "History",
    );
  });

  it.each([
    ["a personal access token", PAT, HUMAN.login],
    ["a GitHub App's installation token", APP_TOKEN, APP_BOT.login],
  ])("with %s two runs leave one comment", async (_, token, login) => {
    github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);
    // The actions bot's comment of another gate, with the same marker: not this token's, not touched.
    github.addIssueComment("octo", "app", PR, "<!-- sandbox-gate:agent-gate/gate -->\nanother bot's", ACTIONS_BOT);
    await judged({}, token);
    await judged({}, token);
    const mine = gateComments().filter((c) => c.user.login === login);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toContain("passes the tests");
    expect(gateComments().find((c) => c.user.login === ACTIONS_BOT.login)!.body).toContain("another bot's");
  });

  it("two comment-keys leave two comments, each updated in place", async () => {
    for (let i = 0; i < 2; i++) {
      github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);
      await judged({ "comment-key": "python" });
      await judged({ "comment-key": "node" });
    }
    const comments = gateComments();
    expect(comments.map((c) => c.body.split("\n")[0])).toEqual([
      "<!-- sandbox-gate:python -->",
      "<!-- sandbox-gate:node -->",
    ]);
    expect(comments.every((c) => c.editor !== undefined)).toBe(true);
  });

  it("a run with nothing new leaves the comment as it stands: no edit to fire another run", async () => {
    github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);
    await judged({}, PAT);
    const writes = () =>
      github.requests.filter((r) => r.method === "PATCH" || (r.method === "POST" && r.path.endsWith("/comments")));
    expect(writes()).toHaveLength(1);
    const again = await judged({}, PAT);
    expect(again.exitCode).toBe(0);
    expect(again.judgedIds).toEqual([]);
    expect(writes()).toHaveLength(1);
    expect(again.stdout).toMatch(/the sticky comment is up to date/);
    expect(again.summary).toContain("passes the tests");
  });

  it("an agent's reply that carries the gate's marker is judged and listed like any other", async () => {
    const hidden = github.addIssueComment(
      "octo",
      "app",
      PR,
      `${REPLIES.wrong}\n<!-- sandbox-gate: not a reply -->\n`,
      AGENT,
    );
    const result = await judged();
    expect(result.report.results.map((r) => [r.id, r.status])).toEqual([[`comment-${hidden.id}`, "test_failed"]]);
    expect(result.exitCode).toBe(1);
    const mine = gateComments().filter((c) => c.user.login === ACTIONS_BOT.login);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body.split("\n")[2]).toMatch(/^### ❌ the reply from @\u200bcoder\\\[bot\\\] fails the tests/);
  });

  it("a comment by another author with the gate's own marker is a reply, never taken for the gate's comment", async () => {
    // The agent opens with this gate's exact sticky marker, as if it were the gate's comment.
    const forged = github.addIssueComment("octo", "app", PR, `<!-- sandbox-gate:k -->\n${REPLIES.pass}`, AGENT);
    const latest = github.addIssueComment("octo", "app", PR, REPLIES.wrong, AGENT);
    for (let run = 0; run < 2; run++) {
      const result = await judged({ "comment-key": "k" });
      expect(result.exitCode).toBe(1);
      expect(result.report.results.map((r) => r.id)).toEqual([`comment-${forged.id}`, `comment-${latest.id}`]);
    }
    const agents = github.issueComments("octo", "app", PR).filter((c) => c.user.login === AGENT.login);
    expect(agents.find((c) => c.id === forged.id)!.body).toBe(`<!-- sandbox-gate:k -->\n${REPLIES.pass}`);
    expect(agents.every((c) => c.editor === undefined)).toBe(true);
    const mine = gateComments().filter((c) => c.user.login === ACTIONS_BOT.login);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toMatch(/^<!-- sandbox-gate:k -->\n/);
    expect(mine[0]!.body).toContain("the latest reply, from @\u200bcoder\\[bot\\], fails the tests");
  });

  it("25 replies over max-candidates 20: the newest 20 are judged, the latest decides, 5 are said skipped", async () => {
    const sorry = Array.from({ length: 24 }, (_, i) =>
      github.addIssueComment("octo", "app", PR, `I could not write it, sorry (${i}).`, AGENT),
    );
    const newest = github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);
    // Named exactly, the agent's replies without code are replies (no_code), as a glob's match would not be.
    const result = await judged({ "max-candidates": "20", authors: AGENT.login });
    expect(result.exitCode, result.stdout).toBe(0);
    const report = JSON.parse(readFileSync(resolve(workspace, `run-${runs}.json`), "utf8")) as {
      skipped: { id: string }[];
    };
    expect(report.skipped.map((s) => s.id)).toEqual(sorry.slice(0, 5).map((c) => `comment-${c.id}`));
    expect(result.report.results.map((r) => r.id)).toEqual([...sorry.slice(5), newest].map((c) => `comment-${c.id}`));
    const line = gateComments()[0]!.body.split("\n")[2];
    expect(line).toMatch(
      /^### ✅ the latest reply, from @\u200bcoder\\\[bot\\\], passes the tests — overall: 1 of 20 judged replies passed \(5 skipped: over max-candidates\)/,
    );
  });

  it("30 failing candidates: 10 error annotations, the verdict first among them, one notice for the rest", async () => {
    for (let i = 0; i < 30; i++)
      github.addIssueComment("octo", "app", PR, `I could not write it, sorry (${i}).`, AGENT);
    const result = await judged({ decide: "all", "max-candidates": "30", authors: AGENT.login });
    expect(result.exitCode).toBe(1);
    const errors = result.stdout.split("\n").filter((l) => l.startsWith("::error"));
    expect(errors).toHaveLength(10);
    expect(errors[0]).toMatch(/^::error::0 of 30 replies passed — 30 failed the gate/);
    expect(result.stdout.split("\n").filter((l) => l.startsWith("::notice"))).toEqual([
      expect.stringMatching(/^::notice title=sandbox-gate::21 more not-passing candidates .* see the job summary/),
    ]);
  });
});

describe("the check run on the pull request's head commit", () => {
  // The pull request's head as GitHub answers for it; the workflow's own commit (GITHUB_SHA) is the default branch's.
  const HEAD = "c".repeat(40);
  const FORGED = "f".repeat(40);
  const onComment = (inputs: Record<string, string> = {}, token = TOKEN): StepOptions => ({
    ...step(inputs, token),
    // What the comment says is no commit of ours: the check goes where GitHub says the head is.
    event: issueCommentEvent(PR, `/gate please, head ${FORGED}`),
    env: { GITHUB_EVENT_NAME: "issue_comment" },
  });
  const checks = () => github.checkRuns.map((c) => ({ name: c.name, sha: c.headSha, conclusion: c.conclusion }));
  const warnings = (stdout: string) => stdout.split("\n").filter((l) => l.startsWith("::warning"));

  beforeEach(() => github.setRefs("octo", "app", PR, { base: "b".repeat(40), head: HEAD }));

  it("an issue_comment run leaves the verdict on the head commit; the next run updates that same check", async () => {
    github.addIssueComment("octo", "app", PR, REPLIES.wrong, AGENT);
    const first = await runStep(onComment());
    expect(first.exitCode, first.stdout).toBe(1);
    expect(checks()).toEqual([{ name: "sandbox-gate", sha: HEAD, conclusion: "failure" }]);
    const check = github.checkRuns[0]!;
    expect(check.title).toMatch(/^❌ the reply from @coder\[bot\] fails the tests/);
    expect(check.summary).toContain("fails the tests");
    expect(check.summary.length).toBeLessThanOrEqual(65_535);
    expect(check.detailsUrl).toBe("https://github.com/octo/app/actions/runs/4242");
    expect(first.stdout).toMatch(/check sandbox-gate created: https:\/\/github.com\/octo\/app\/runs\//);

    github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);
    const second = await runStep(onComment());
    expect(second.exitCode, second.stdout).toBe(0);
    expect(checks()).toEqual([{ name: "sandbox-gate", sha: HEAD, conclusion: "success" }]);
    expect(github.checkRuns[0]).toMatchObject({ id: check.id, updates: 1, title: expect.stringMatching(/^✅ /) });
    expect(warnings(first.stdout + second.stdout)).toEqual([]);
  });

  it("two comment keys leave two checks, each updated in place; comment: false still leaves one", async () => {
    github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);
    for (let i = 0; i < 2; i++) {
      await runStep(onComment({ "comment-key": "python" }));
      await runStep(onComment({ "comment-key": "node", comment: "false", "fail-on": "pass" }));
    }
    expect(checks()).toEqual([
      { name: "sandbox-gate (python)", sha: HEAD, conclusion: "success" },
      { name: "sandbox-gate (node)", sha: HEAD, conclusion: "failure" },
    ]);
    expect(github.checkRuns.map((c) => c.updates)).toEqual([1, 1]);
    expect(gateComments().map((c) => c.body.split("\n")[0])).toEqual(["<!-- sandbox-gate:python -->"]);
  });

  it("a token refused checks: write: one warning naming it, the comment posted, the step's outcome unchanged", async () => {
    github.addIssueComment("octo", "app", PR, REPLIES.wrong, AGENT);
    const refused = await runStep(onComment({}, NO_CHECKS_TOKEN));
    expect(refused.exitCode, refused.stdout).toBe(1);
    expect(refused.outputs.status).toBe("fail");
    expect(warnings(refused.stdout)).toEqual([
      expect.stringMatching(
        /^::warning::sandbox-gate could not post the check sandbox-gate \(.*403.*\): give the job checks: write/,
      ),
    ]);
    expect(refused.stdout).toMatch(/::error::the reply from @coder\[bot\] fails the tests/);
    expect(github.checkRuns).toEqual([]);
    expect(gateComments()).toHaveLength(1);
  });

  it("a run that ends in an error completes the check as a failure naming the error", async () => {
    github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);
    const result = await runStep(onComment({ tests: "nope/*.py" }));
    expect(result.exitCode).toBe(1);
    const error = result.stdout.split("\n").find((l) => l.startsWith("::error::"))!;
    expect(error).toMatch(/tests/);
    expect(checks()).toEqual([{ name: "sandbox-gate", sha: HEAD, conclusion: "failure" }]);
    expect(github.checkRuns[0]!.title).toBe(`⚠️ sandbox-gate did not finish: ${error.slice("::error::".length)}`);
  });

  it("a pull_request run leaves its check on the event's head commit, without asking GitHub", async () => {
    github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);
    const result = await runStep(step());
    expect(result.exitCode, result.stdout).toBe(0);
    expect(checks()).toEqual([{ name: "sandbox-gate", sha: "a".repeat(40), conclusion: "success" }]);
    expect(github.requests.some((r) => r.path === `/repos/octo/app/pulls/${PR}`)).toBe(false);
  });
});

describe("the fork-safe commenter (post-report on workflow_run)", () => {
  it("posts on the pull request at the run's head SHA, whatever the artifact claims, and runs nothing", async () => {
    const head = "c".repeat(40);
    github.addPullRequest({
      owner: "octo",
      repo: "app",
      number: PR,
      headSha: head,
      headOwner: "forker",
      headRef: "agent/add",
    });
    github.addPullRequest({ owner: "octo", repo: "app", number: 99, headSha: "d".repeat(40) });
    const dir = tempDir("artifact");
    const forged = {
      ...buildReport(
        [
          judgedResult({
            id: "comment-1 <img src=x onerror=alert(1)> @octocat",
            source: "https://github.com/octo/app/pull/99#issuecomment-1",
            url: "https://evil.example/phish",
            author: "coder[bot]</td><script>",
            status: "test_failed",
            duration_ms: 12,
            stdout: "x".repeat(3_000_000),
            stderr: "</details></pre><!-- sandbox-gate:agent-gate/gate -->",
            truncated: { stdout: true, stderr: false },
            feedback: "[click](https://evil.example) **now** @org/team",
          }),
        ],
        [],
      ),
      // What the artifact claims: the commenter reads the PR from the event, never from here.
      pull_request: 99,
      base: {
        status: "test_failed",
        exit_code: 1,
        duration_ms: 5,
        tests: {
          counts: { passed: 1, failed: 2, error: 0, skipped: 0 },
          cases: [{ id: "t::<script>", name: "<script>", classname: "t", status: "failed" }],
        },
      },
    };
    writeFileSync(resolve(dir, "gate-report.json"), JSON.stringify(forged));
    const result = await runStep({
      apiUrl: github.url,
      workspace: dir,
      event: workflowRunEvent(head, "failure"),
      inputs: { "github-token": TOKEN, "post-report": "gate-report.json" },
      // No engine: anything that tried to run a candidate would fail.
      env: { GITHUB_EVENT_NAME: "workflow_run", DOCKER_HOST: "unix:///nonexistent.sock", GITHUB_JOB: "comment" },
    });
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(github.issueComments("octo", "app", 99)).toHaveLength(0);
    const [comment] = github.issueComments("octo", "app", PR);
    expect(comment!.body.length).toBeLessThanOrEqual(65_536);
    expect(comment!.body).not.toMatch(/<img|<script|evil\.example\/phish|@octocat|@org/);
    // The feedback's text stays text: fenced, or escaped in the next steps (its URL broken by a zero-width
    // space, so GitHub does not autolink it); rendered as GitHub renders it, it links nowhere.
    const outsideFences = comment!.body.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, "");
    expect(outsideFences).not.toContain("https://evil.example");
    expect(marked.parse(comment!.body, { gfm: true, async: false })).not.toMatch(/<a [^>]*evil\.example/);
    expect(comment!.body.split("\n")[2]).toMatch(/^### ❌ /);
    expect(comment!.body).toContain("base: ❌ tests failed (tests: 1 passed, 2 failed)");
    expect(github.checkRuns).toMatchObject([{ name: "sandbox-gate", headSha: head, conclusion: "failure" }]);
    expect(result.summary).toContain("[pull request #7](https://github.com/octo/app/pull/7)");
    expect(github.requests.some((r) => r.path.includes("/pulls/99"))).toBe(false);
    expect(result.stdout).not.toMatch(/engine|::group::sandbox-gate: images/);
  });

  it("a report that claims a pass its run did not conclude fails the check; a bad artifact is refused", async () => {
    const head = "e".repeat(40);
    github.addPullRequest({ owner: "octo", repo: "app", number: PR, headSha: head });
    const dir = tempDir("artifact-pass");
    const passing = buildReport([judgedResult({ id: "comment-5", status: "pass", duration_ms: 3 })], []);
    writeFileSync(resolve(dir, "ok.json"), JSON.stringify(passing));
    writeFileSync(resolve(dir, "bad.json"), JSON.stringify({ ...passing, results: [{ id: 1 }] }));
    const step = (file: string) =>
      runStep({
        apiUrl: github.url,
        workspace: dir,
        event: workflowRunEvent(head, "failure", { owner: "octo", branch: "agent/7" }),
        inputs: { "github-token": TOKEN, "post-report": file },
        env: { GITHUB_EVENT_NAME: "workflow_run" },
      });
    const claimed = await step("ok.json");
    expect(claimed.exitCode).toBe(0);
    expect(github.checkRuns.at(-1)).toMatchObject({
      conclusion: "failure",
      title: expect.stringContaining("the report claims a pass"),
    });
    // The commenter posts through the same upsert: its run again updates that check.
    const again = await step("ok.json");
    expect(again.exitCode).toBe(0);
    expect(github.checkRuns).toMatchObject([
      { name: "sandbox-gate", headSha: head, externalId: "sandbox-gate", updates: 1 },
    ]);
    const bad = await step("bad.json");
    expect(bad.exitCode).toBe(1);
    expect(bad.stdout).toMatch(/::error::Input 'post-report': 'bad.json' is not a sandbox-gate JSON report/);
  });
});
