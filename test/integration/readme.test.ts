// The README's quick start, run as written: its first workflow through the bundled action (a local image
// standing in for python:3.12-slim, with the same interpreter and unittest in it) against the loopback
// GitHub, and its library snippet against the built package, imported by name. Only the image's name is
// changed; every other input, the test file and the code are the README's own text.
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { AGENT, TOKEN, startFakeGitHub, type FakeGitHub } from "../support/github-server.js";
import { codeBlocks, ROOT } from "../support/markdown-blocks.js";
import { tempDir } from "../support/temp.js";
import { node24Path, pullRequestEvent, runStep } from "./bundled-action.js";
import { TEST_IMAGE } from "./support.js";

const PUBLIC_IMAGE = "python:3.12-slim";
const blocks = codeBlocks("README.md");
const testFile = blocks.find((b) => b.lang === "python" && b.code.startsWith("# tests/"))!;
const testPath = /^# (\S+)/.exec(testFile.code)![1]!;
const firstWorkflow = parse(blocks.find((b) => b.lang === "yaml")!.code) as {
  jobs: Record<string, { steps: { uses?: string; with?: Record<string, string> }[] }>;
};
const gateStep = Object.values(firstWorkflow.jobs)[0]!.steps.find((s) => s.uses?.startsWith("sandbox-gate/"))!;
const librarySnippet = blocks.find((b) => b.lang === "ts")!.code;
// The quick start names its agent exactly: the replies come from that login.
const agent = { ...AGENT, login: gateStep.with!.authors! };

/** A repository holding the README's test file, as the workflow's checkout leaves it. */
function repository(): string {
  const dir = tempDir("readme-repo");
  mkdirSync(join(dir, dirname(testPath)), { recursive: true });
  writeFileSync(join(dir, testPath), testFile.code);
  return dir;
}

const reply = (body: string) => `Here is fizzbuzz:\n\n\`\`\`python\n${body}\n\`\`\`\n`;
const WRONG = reply("def fizzbuzz(n):\n    return 'nope'");
const RIGHT = reply("def fizzbuzz(n):\n    return 'Fizz' if n % 3 == 0 else str(n)");

describe("the README's first workflow, through the bundled action", () => {
  let github: FakeGitHub;
  beforeAll(() => void node24Path());
  beforeEach(async () => {
    github = await startFakeGitHub();
  });
  afterEach(async () => {
    expect(github.violations).toEqual([]);
    await github.close();
  });

  it("fails a wrong reply and passes a right one, with only the image's name changed", async () => {
    expect(gateStep.with!.image).toBe(PUBLIC_IMAGE);
    expect(agent.login).toMatch(/^[\w-]+\[bot\]$/);
    const inputs = { ...gateStep.with!, image: TEST_IMAGE, "github-token": TOKEN };
    const step = { apiUrl: github.url, workspace: repository(), event: pullRequestEvent(7), inputs };

    github.addIssueComment("octo", "app", 7, WRONG, agent);
    const wrong = await runStep(step);
    expect(wrong.exitCode, wrong.stdout + wrong.stderr).toBe(1);
    expect(JSON.parse(wrong.outputs.results!)).toMatchObject([{ status: "test_failed" }]);

    github.addIssueComment("octo", "app", 7, RIGHT, agent);
    const right = await runStep(step);
    expect(right.exitCode, right.stdout + right.stderr).toBe(0);
    expect(right.outputs).toMatchObject({ status: "pass" });
    const statuses = (JSON.parse(right.outputs.results!) as { status: string }[]).map((r) => r.status);
    expect(statuses).toEqual(["test_failed", "pass"]);
    // The verdict is the check on the PR's head commit, updated by the second run, as branch protection sees it.
    expect(github.checkRuns).toMatchObject([
      { name: "sandbox-gate", headSha: "a".repeat(40), conclusion: "success", updates: 1 },
    ]);
  });
});

describe("the README's library snippet, against the built package", () => {
  it("judges its reply pass, and a wrong one not", () => {
    const project = repository();
    // The package by name, as `npm install sandbox-gate` resolves it: package.json's exports, then dist/.
    mkdirSync(join(project, "node_modules"));
    symlinkSync(ROOT, join(project, "node_modules", "sandbox-gate"));
    expect(librarySnippet).toContain(`image: "${PUBLIC_IMAGE}"`);
    const run = (snippet: string) => {
      writeFileSync(
        join(project, "snippet.mts"),
        snippet.replace(`image: "${PUBLIC_IMAGE}"`, `image: "${TEST_IMAGE}"`),
      );
      return execFileSync(process.execPath, [resolve(ROOT, "node_modules/tsx/dist/cli.mjs"), "snippet.mts"], {
        cwd: project,
        encoding: "utf8",
      });
    };
    expect(run(librarySnippet)).toBe("pass\n");
    const wrong = run(librarySnippet.replace("'Fizz' if n % 3 == 0 else str(n)", "'nope'"));
    expect(wrong).toMatch(/^test_failed\n/);
    expect(wrong).toContain("AssertionError");
  });
});
