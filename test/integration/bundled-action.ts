// Runs the bundled dist/index.js the way the GitHub runner does: on Node 24, inputs as INPUT_* variables,
// a pull_request event file, and the GITHUB_OUTPUT / GITHUB_STEP_SUMMARY / GITHUB_STATE files.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect } from "vitest";
import { OWNER_ENV } from "../../src/sandbox/job.js";

const DIST = resolve(import.meta.dirname, "../../dist/index.js");

let node24: string | undefined;
/** The Node 24 binary (what `using: node24` runs), fetched once from the npm registry. */
export function node24Path(): string {
  node24 ??= execFileSync("npx", ["-y", "node@24", "-e", "process.stdout.write(process.execPath)"], {
    encoding: "utf8",
  });
  return node24;
}

export interface StepResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  state: Record<string, string>;
}

/** Reads the `name<<DELIMITER … DELIMITER` files the toolkit writes for outputs and state. */
export function parseCommandFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!m) continue;
    const end = lines.indexOf(m[2]!, i + 1);
    values[m[1]!] = lines.slice(i + 1, end).join("\n");
    i = end;
  }
  return values;
}

export interface StepOptions {
  inputs: Record<string, string>;
  event: object;
  apiUrl: string;
  workspace: string;
  /** State saved by the main step: its presence makes this the post step. */
  state?: Record<string, string>;
  /** Extra environment, e.g. DOCKER_HOST. */
  env?: Record<string, string>;
  /** Told about the step's process as soon as it starts, e.g. to signal it. */
  onSpawn?: (child: ChildProcess) => void;
}

export async function runStep(options: StepOptions): Promise<StepResult> {
  const dir = mkdtempSync(join(tmpdir(), "sg-step-"));
  const files = {
    output: join(dir, "output"),
    summary: join(dir, "summary"),
    state: join(dir, "state"),
    event: join(dir, "event.json"),
  };
  for (const path of [files.output, files.summary, files.state]) writeFileSync(path, "");
  writeFileSync(files.event, JSON.stringify(options.event));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? dir,
    GITHUB_ACTIONS: "true",
    GITHUB_EVENT_NAME: "pull_request",
    GITHUB_EVENT_PATH: files.event,
    GITHUB_REPOSITORY: "octo/app",
    GITHUB_API_URL: options.apiUrl,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_RUN_ID: "4242",
    GITHUB_WORKFLOW: "agent-gate",
    GITHUB_JOB: "gate",
    GITHUB_SHA: "b".repeat(40),
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_STATE: files.state,
    RUNNER_TEMP: dir,
    ...Object.fromEntries(
      Object.entries(options.inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]),
    ),
    ...Object.fromEntries(Object.entries(options.state ?? {}).map(([name, value]) => [`STATE_${name}`, value])),
  };
  if (process.env.DOCKER_HOST) env.DOCKER_HOST = process.env.DOCKER_HOST;
  // The suite's owner label (global-setup.ts), so its closing check sees this step's containers too.
  if (process.env[OWNER_ENV]) env[OWNER_ENV] = process.env[OWNER_ENV];
  Object.assign(env, options.env);
  const child = spawn(node24Path(), [DIST], { env, stdio: ["ignore", "pipe", "pipe"] });
  options.onSpawn?.(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const exitCode = await new Promise<number | null>((done) => child.on("close", done));
  const result = {
    exitCode,
    stdout,
    stderr,
    outputs: parseCommandFile(readFileSync(files.output, "utf8")),
    summary: readFileSync(files.summary, "utf8"),
    state: parseCommandFile(readFileSync(files.state, "utf8")),
  };
  // RUNNER_TEMP is the step's own, as on a runner: nothing else may be left in it.
  expect(readdirSync(dir).sort()).toEqual(["event.json", "output", "state", "summary"]);
  rmSync(dir, { recursive: true });
  return result;
}

/** A real-shaped `pull_request` event (the fields the action reads, and enough around them to be honest). */
export function pullRequestEvent(number: number): object {
  const repo = {
    id: 1,
    name: "app",
    full_name: "octo/app",
    owner: { login: "octo", id: 2, type: "Organization" },
    private: false,
  };
  return {
    action: "synchronize",
    number,
    pull_request: {
      number,
      id: 100 + number,
      state: "open",
      title: "Agent: implement add()",
      user: { login: "coder[bot]", id: 9000001, type: "Bot" },
      head: { ref: "agent/add", sha: "a".repeat(40), repo },
      base: { ref: "main", sha: "b".repeat(40), repo },
      html_url: `https://github.com/octo/app/pull/${number}`,
    },
    repository: repo,
    sender: { login: "coder[bot]", id: 9000001, type: "Bot" },
  };
}

/**
 * A real-shaped `issue_comment` event on pull request `number`: it names the pull request but no commit
 * (the run belongs to the default branch). `body` is whatever the commenter wrote.
 */
export function issueCommentEvent(number: number, body: string): object {
  const repo = { id: 1, name: "app", full_name: "octo/app", owner: { login: "octo", id: 2, type: "Organization" } };
  const user = { login: "coder[bot]", id: 9000001, type: "Bot" };
  return {
    action: "created",
    issue: {
      number,
      id: 200 + number,
      state: "open",
      title: "Agent: implement add()",
      user,
      html_url: `https://github.com/octo/app/pull/${number}`,
      pull_request: {
        url: `https://api.github.com/repos/octo/app/pulls/${number}`,
        html_url: `https://github.com/octo/app/pull/${number}`,
      },
    },
    comment: { id: 1, body, user, html_url: `https://github.com/octo/app/pull/${number}#issuecomment-1` },
    repository: repo,
    sender: user,
  };
}

/** A `workflow_run` event for a finished run of the gate's workflow, as the commenter job gets it. */
export function workflowRunEvent(
  headSha: string,
  conclusion: string,
  head = { owner: "forker", branch: "agent/add" },
): object {
  const repo = { id: 1, name: "app", full_name: "octo/app", owner: { login: "octo", id: 2, type: "Organization" } };
  return {
    action: "completed",
    workflow_run: {
      id: 777,
      name: "agent-gate",
      head_sha: headSha,
      head_branch: head.branch,
      head_repository: { ...repo, full_name: `${head.owner}/app`, owner: { login: head.owner, id: 3, type: "User" } },
      conclusion,
      event: "pull_request",
      html_url: "https://github.com/octo/app/actions/runs/777",
      // A fork's run names no pull request: the commenter must find it.
      pull_requests: [],
    },
    repository: repo,
    sender: { login: "forker", id: 3, type: "User" },
  };
}
