// runCli in-process, with streams of the test's own: what goes to which stream, and how each stream's
// colours follow its own TTY. Prose replies only, judged no_code without a sandbox.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { runCli, type CliIO } from "../../src/cli/commands.js";
import { tempDir } from "../support/temp.js";

class Sink {
  text = "";
  constructor(readonly isTTY = false) {}
  write(text: string): boolean {
    this.text += text;
    return true;
  }
}

function io({ stdoutTTY = false, stderrTTY = false, env = {} } = {}) {
  const cwd = tempDir("cli-main");
  writeFileSync(join(cwd, "prose.md"), "I would rather explain the idea in words than write the code.\n");
  const stdout = new Sink(stdoutTTY);
  const stderr = new Sink(stderrTTY);
  return { io: { stdout, stderr, env, cwd } satisfies CliIO, stdout, stderr };
}

describe("runCli", () => {
  it("prints the version on stdout and nothing else", async () => {
    const { io: streams, stdout, stderr } = io();
    expect(await runCli(["--version"], streams)).toBe(0);
    expect(stdout.text).toBe(`${packageJson.version}\n`);
    expect(stderr.text).toBe("");
  });

  it("prints help on stdout", async () => {
    const { io: streams, stdout } = io();
    expect(await runCli(["help", "merge"], streams)).toBe(0);
    expect(stdout.text).toMatch(/^usage: sandbox-gate merge \[FLAG\]\.\.\. REPORT\.\.\.\n/);
  });

  it("resolves FILEs and the base tree from its cwd", async () => {
    const { io: streams, stdout } = io();
    expect(await runCli(["run", "--format", "jsonl", "prose.md"], streams)).toBe(1);
    expect(JSON.parse(stdout.text)).toMatchObject({ id: "prose.md", status: "no_code" });
  });

  it("writes a relative --report and --junit where the user stands, not into --workdir's base tree", async () => {
    const { io: streams } = io();
    const base = tempDir("cli-main-base");
    const code = await runCli(
      ["run", "--workdir", base, "--report", "out/r.json", "--junit", "j.xml", "--quiet", "prose.md"],
      streams,
    );
    expect(code).toBe(1);
    expect(JSON.parse(readFileSync(join(streams.cwd, "out/r.json"), "utf8")).summary.total).toBe(1);
    expect(readFileSync(join(streams.cwd, "j.xml"), "utf8")).toMatch(/^<\?xml/);
    expect(readdirSync(base)).toEqual([]);
  });

  it("refuses a malformed dataset line before judging anything: exit 2, one line naming file:line", async () => {
    const { io: streams, stdout, stderr } = io();
    const good = JSON.stringify({ id: "a", reply: "Only prose here." });
    writeFileSync(join(streams.cwd, "set.jsonl"), [good, "", '{"id": "b", "reply": 5}', good].join("\n"));
    expect(await runCli(["run", "set.jsonl"], streams)).toBe(2);
    expect(stdout.text).toBe("");
    expect(stderr.text).toBe(
      "sandbox-gate: FILE: set.jsonl:3: reply must be a string, not 5 (a dataset line is one candidate, see docs/dataset.schema.json); nothing was run\n",
    );
  });

  it("colours the table for a terminal on stdout while stderr, a pipe, stays plain", async () => {
    const { io: streams, stdout, stderr } = io({ stdoutTTY: true });
    await runCli(["run", "prose.md"], streams);
    expect(stdout.text).toContain("\u001b[31mno_code");
    expect(stderr.text).not.toContain("\u001b[");
    const other = io({ stderrTTY: true });
    await runCli(["run", "prose.md"], other.io);
    expect(other.stdout.text).not.toContain("\u001b[");
    expect(other.stderr.text).toContain("\u001b[31m1 of 1 candidates failed the gate");
  });

  it("reads NO_COLOR from the environment it is given", async () => {
    const { io: streams, stdout } = io({ stdoutTTY: true, env: { NO_COLOR: "1" } });
    await runCli(["run", "prose.md"], streams);
    expect(stdout.text).not.toContain("\u001b[");
  });

  it("names the flag in a bad value, and prints the usage line after bad usage", async () => {
    const bad = io();
    expect(await runCli(["run", "--cpus", "lots", "prose.md"], bad.io)).toBe(2);
    expect(bad.stderr.text).toMatch(/^sandbox-gate: --cpus: 'lots' is not a number/);
    expect(bad.stderr.text.trim().split("\n")).toHaveLength(1);
    const usage = io();
    expect(await runCli(["run", "--nope", "prose.md"], usage.io)).toBe(2);
    expect(usage.stderr.text).toBe(
      "sandbox-gate: unknown flag --nope\nusage: sandbox-gate run [FLAG]... FILE...\n(sandbox-gate run --help says more)\n",
    );
  });

  it("ends the table with the failures in short: id, status and the first line of why", async () => {
    const { io: streams, stdout, stderr } = io();
    expect(await runCli(["run", "prose.md"], streams)).toBe(1);
    const why = "No runnable code was found in the reply (no fence and no line that looks like code: prose only).";
    expect(stdout.text).toBe(
      [
        "id        status   exit  signal  time",
        "prose.md  no_code  -     -       0.00s",
        "",
        "failed the gate:",
        `prose.md  no_code  ${why}`,
        "",
      ].join("\n"),
    );
    expect(stderr.text.trim().split("\n").at(-1)).toBe("1 of 1 candidates failed the gate (1 no_code)");
    // -q: only that list and the total, on stdout; nothing on stderr.
    const quiet = io();
    expect(await runCli(["run", "-q", "prose.md"], quiet.io)).toBe(1);
    expect(quiet.stdout.text).toBe(`prose.md  no_code  ${why}\n1 of 1 candidates failed the gate (1 no_code)\n`);
    expect(quiet.stderr.text).toBe("");
  });

  it("beside a report on stdout, ends the summary on stderr with the failures in short; -q leaves stderr empty", async () => {
    const { io: streams, stdout, stderr } = io();
    expect(await runCli(["run", "--format", "jsonl", "prose.md"], streams)).toBe(1);
    expect(JSON.parse(stdout.text)).toMatchObject({ id: "prose.md", status: "no_code" });
    expect(stderr.text).toMatch(
      /\n\nfailed the gate:\nprose\.md {2}no_code {2}No runnable code .*\n1 of 1 candidates failed the gate \(1 no_code\)\n$/,
    );
    // In stderr's colours, not stdout's.
    const terminal = io({ stdoutTTY: true });
    await runCli(["run", "--format", "jsonl", "prose.md"], terminal.io);
    expect(terminal.stderr.text).toContain("failed the gate:\nprose.md  no_code  No runnable");
    const quiet = io();
    expect(await runCli(["run", "-q", "--format", "jsonl", "prose.md"], quiet.io)).toBe(1);
    expect(JSON.parse(quiet.stdout.text)).toMatchObject({ id: "prose.md", status: "no_code" });
    expect(quiet.stderr.text).toBe("");
  });

  it("lists nothing when nothing fails the gate", async () => {
    const { io: streams, stdout } = io();
    expect(await runCli(["run", "--fail-on", "sandbox_error", "prose.md"], streams)).toBe(0);
    expect(stdout.text).not.toContain("failed the gate");
    const quiet = io();
    expect(await runCli(["run", "-q", "--fail-on", "sandbox_error", "prose.md"], quiet.io)).toBe(0);
    expect(quiet.stdout.text).toBe("all 1 candidates passed the gate\n");
  });

  it("takes a compound duration, and refuses a bare number with one line asking for its unit", async () => {
    expect(await runCli(["run", "--timeout", "1m30s", "--quiet", "prose.md"], io().io)).toBe(1);
    const bare = io();
    expect(await runCli(["run", "--timeout", "5", "prose.md"], bare.io)).toBe(2);
    expect(bare.stdout.text).toBe("");
    expect(bare.stderr.text).toBe(
      "sandbox-gate: --timeout: '5' has no unit: write 5s for seconds (or 500ms, 2m, 1m30s)\n",
    );
  });

  it("exits 3 with a trace when it fails itself: a stdout that cannot be written", async () => {
    const { io: streams, stderr } = io();
    const broken: CliIO = {
      ...streams,
      stdout: {
        write: () => {
          throw Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
        },
      },
    };
    expect(await runCli(["run", "prose.md"], broken)).toBe(3);
    expect(stderr.text).toContain(
      "sandbox-gate: write EPIPE\ninternal error; please report it with this trace:\nError: write EPIPE\n",
    );
  });
});

describe("SWE-bench's output and --resume, on lines judged without a sandbox", () => {
  // Lines that list tests are read by their per-test results.
  const READ = ["--test-results", "junit.xml"];
  const LISTS = { fail_to_pass: ["tests.test_a::test_fixed"], pass_to_pass: ["tests.test_a::test_kept"] };
  // A hunk whose context the base does not have: patch_failed before any sandbox.
  const stale = "--- a/app.py\n+++ b/app.py\n@@ -1 +1 @@\n-print('old')\n+print('new')\n";
  const swe = (id: string, patch: string) =>
    JSON.stringify({ id, task: id, patch, repo: "octo/app", model: "acme/agent", ...LISTS });

  /** The one `<model>.<run id>.json` summary in `dir`, and the instance dirs of its run. */
  function written(dir: string) {
    const [summary, ...more] = readdirSync(dir).filter((name) => name.startsWith("acme__agent.cli-"));
    expect(more).toEqual([]);
    const runId = summary!.slice("acme__agent.".length, -".json".length);
    const instances = join(dir, "logs/run_evaluation", runId, "acme__agent");
    return { summary: JSON.parse(readFileSync(join(dir, summary!), "utf8")), instances };
  }

  it("writes each instance's report.json and the run's summary beside our report; a prose line is not in it", async () => {
    const { io: streams } = io();
    writeFileSync(join(streams.cwd, "app.py"), "print('current')\n");
    const lines = [swe("octo__app-1", stale), swe("octo__app-2", ""), JSON.stringify({ id: "plain", reply: "Prose." })];
    writeFileSync(join(streams.cwd, "preds.jsonl"), lines.join("\n"));
    const code = await runCli(
      ["run", "-q", ...READ, "--swe-bench-report", "swe", "--report", "r.json", "preds.jsonl"],
      streams,
    );
    expect(code).toBe(1);
    const { summary, instances } = written(join(streams.cwd, "swe"));
    expect(summary).toMatchObject({
      submitted_ids: ["octo__app-1", "octo__app-2"],
      completed_ids: ["octo__app-1"],
      unresolved_ids: ["octo__app-1"],
      empty_patch_ids: ["octo__app-2"],
      error_ids: [],
      schema_version: 2,
    });
    expect(JSON.parse(readFileSync(join(instances, "octo__app-1/report.json"), "utf8"))).toEqual({
      "octo__app-1": { patch_is_None: false, patch_exists: true, patch_successfully_applied: false, resolved: false },
    });
    expect(readdirSync(instances)).toEqual(["octo__app-1"]);
    // Our report carries what the SWE-bench output was made of.
    const report = JSON.parse(readFileSync(join(streams.cwd, "r.json"), "utf8"));
    expect(report.results[0]).toMatchObject({ repo: "octo/app", model: "acme/agent", status: "patch_failed" });
    expect(report.results[0].listed).toEqual({
      fail_to_pass: { passed: [], not_passed: LISTS.fail_to_pass },
      pass_to_pass: { passed: [], not_passed: LISTS.pass_to_pass },
    });
    expect(report.results[1]).toMatchObject({ empty_patch: true });
    expect(report.results[2]).not.toHaveProperty("listed");
    expect(report.summary.by_repo).toEqual({ "octo/app": { resolved: 0, total: 2 } });
  });

  it("--resume judges only the appended line (the audit log counts the judged), and the output holds every line", async () => {
    const { io: streams, stderr } = io();
    writeFileSync(join(streams.cwd, "app.py"), "print('current')\n");
    const data = join(streams.cwd, "preds.jsonl");
    writeFileSync(data, [swe("octo__app-1", stale), swe("octo__app-2", "")].join("\n"));
    expect(await runCli(["run", "-q", ...READ, "--report", "first.json", "preds.jsonl"], streams)).toBe(1);
    writeFileSync(data, [swe("octo__app-1", stale), swe("octo__app-2", ""), swe("octo__app-3", stale)].join("\n"));
    const args = ["run", ...READ, "--resume", "first.json", "--report", "second.json", "--audit-log", "audit.jsonl"];
    expect(await runCli([...args, "--swe-bench-report", "swe", "preds.jsonl"], streams)).toBe(1);
    const audit = readFileSync(join(streams.cwd, "audit.jsonl"), "utf8").trim().split("\n");
    expect(audit.map((line) => JSON.parse(line).candidate)).toEqual(["octo__app-3"]);
    expect(stderr.text).toContain("sandbox-gate: resume: 2 result(s) carried over from 'first.json', 1 judged");
    const second = JSON.parse(readFileSync(join(streams.cwd, "second.json"), "utf8"));
    expect(second.results.map((r: { cached?: boolean }) => r.cached === true)).toEqual([true, true, false]);
    const { summary } = written(join(streams.cwd, "swe"));
    expect(summary.submitted_ids).toEqual(["octo__app-1", "octo__app-2", "octo__app-3"]);
    expect(summary.completed_ids).toEqual(["octo__app-1", "octo__app-3"]);
  });

  it("refuses a --resume REPORT that is not ours or not there: exit 2, one line naming it, nothing run", async () => {
    const { io: streams, stdout, stderr } = io();
    writeFileSync(join(streams.cwd, "preds.jsonl"), swe("octo__app-1", stale));
    writeFileSync(join(streams.cwd, "theirs.json"), '{"instance_id": "octo__app-1", "model_patch": ""}\n');
    expect(await runCli(["run", ...READ, "--resume", "theirs.json", "preds.jsonl"], streams)).toBe(2);
    expect(stdout.text).toBe("");
    expect(stderr.text).toMatch(
      /^sandbox-gate: --resume: 'theirs\.json' is neither a sandbox-gate JSON report nor a partial one \(one result a line\): line 1: .*\n$/,
    );
    const missing = io();
    writeFileSync(join(missing.io.cwd, "preds.jsonl"), swe("octo__app-1", stale));
    expect(await runCli(["run", ...READ, "--resume", "gone.json", "preds.jsonl"], missing.io)).toBe(2);
    expect(missing.stderr.text).toBe("sandbox-gate: --resume: cannot read 'gone.json': ENOENT\n");
  });
});
