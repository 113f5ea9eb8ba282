// The action end to end: the bundled dist on Node 24, a real Docker engine, and a loopback GitHub
// that checks every request against GitHub's OpenAPI description.
import { cpSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RUN_LABEL } from "../../src/sandbox/engine.js";
import {
  ACTIONS_BOT,
  AGENT,
  HUMAN,
  READ_ONLY_TOKEN,
  TOKEN,
  startFakeGitHub,
  type FakeGitHub,
} from "../support/github-server.js";
import { node24Path, pullRequestEvent, runStep, type StepOptions } from "./bundled-action.js";
import { TEST_IMAGE, docker } from "./support.js";
import { tempDir } from "../support/temp.js";

const PR = 7;
const fence = (code: string) => `Here you go:\n\n\`\`\`python\n${code}\n\`\`\`\n`;
const REPLIES = {
  pass: fence("def add(a, b):\n    return a + b"),
  syntax: fence("def add(a, b)\n    return a + b"),
  loop: fence("def add(a, b):\n    while True:\n        pass"),
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
      timeout: "2s",
      ...inputs,
    },
  };
}

const gateComments = () => github.issueComments("octo", "app", PR).filter((c) => c.body.includes("<!-- sandbox-gate:"));

describe("the bundled action on a pull request", () => {
  it("judges the bot replies, ignores the human, fails the step and keeps one sticky comment", async () => {
    github.addIssueComment("octo", "app", PR, REPLIES.pass, AGENT);
    github.addIssueComment("octo", "app", PR, "Looks good to me, but can you also handle floats?", HUMAN);
    github.addReviewComment("octo", "app", PR, REPLIES.syntax, AGENT);
    github.addReview("octo", "app", PR, REPLIES.loop, AGENT);

    const first = await runStep(step());
    expect(first.exitCode, first.stdout + first.stderr).toBe(1);
    const results = JSON.parse(first.outputs.results!) as { id: string; status: string }[];
    expect(results.map((r) => r.status)).toEqual(["pass", "syntax_error", "timeout"]);
    expect(first.outputs).toMatchObject({ total: "3", passed: "1", failed: "2", status: "fail" });
    expect(first.stdout).toMatch(/::error::2 of 3 candidates failed the gate/);
    // The syntax error is annotated on the file and line the parser named.
    expect(first.stdout).toMatch(/::error title=.*syntax error.*,file=solution\.py,line=1,col=\d+::/);
    expect(first.summary).toContain("syntax error");
    expect(gateComments()).toHaveLength(1);
    // A copy: the fake updates its stored comment in place.
    const created = { ...gateComments()[0]! };
    expect(created.user.login).toBe(ACTIONS_BOT.login);
    expect(created.body).toContain("syntax error");

    // A second run on the same PR updates the comment in place.
    github.addIssueComment("octo", "app", PR, fence("def add(a, b):\n    return b + a"), AGENT);
    const second = await runStep(step());
    expect(second.exitCode).toBe(1);
    expect(JSON.parse(second.outputs.results!)).toHaveLength(4);
    expect(gateComments()).toHaveLength(1);
    expect(gateComments()[0]!.id).toBe(created.id);
    expect(gateComments()[0]!.updatedAt > created.updatedAt).toBe(true);
    expect(gateComments()[0]!.body).not.toBe(created.body);
  });

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

  it("removes the run's leftover containers in the post step", async () => {
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
