// The parse check kept warm (sandbox/warm-check.ts) on the real host, alike in each engine that keeps one
// (`isolation: namespace`'s sandboxes, the default fresh containers through the Engine API): the checker in a
// sandbox locked down as a candidate's, a check skipped only where it says every file parses, and the job's
// own check wherever it cannot say (a `0`, no answer in time, no checker); its sandboxes gone with the run.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { EngineApi, endpointFromEnv } from "../../src/sandbox/engines/api/engine-api.js";
import { FreshPoolEngine } from "../../src/sandbox/engines/api/fresh-pool.js";
import { CliEngine } from "../../src/sandbox/engines/cli/cli-engine.js";
import { NamespaceEngine } from "../../src/sandbox/engines/namespace/namespace.js";
import type { WarmCheckOptions } from "../../src/sandbox/warm-check.js";
import { RUN_LABEL } from "../../src/sandbox/job.js";
import { LANGUAGES } from "../../src/languages/registry.js";
import { pythonJob } from "./jobs.js";
import { docker } from "./support.js";
import { sandboxRecords, templateFiles, traces } from "./engines/namespace-traces.js";

const server = LANGUAGES.python.checkServer!;

/** A checker that answers `1` to every source only where its sandbox has the candidate's lock-down. */
const PROBE_CHECKER = [
  "python3",
  "-I",
  "-S",
  "-c",
  [
    "import os, sys",
    "status = dict(l.split(':', 1) for l in open('/proc/self/status').read().splitlines())",
    "links = sorted(l.split(':')[0].strip() for l in open('/proc/net/dev').readlines()[2:])",
    "try:",
    "    open('/usr/x', 'w'); read_only = False",
    "except OSError:",
    "    read_only = True",
    "pid1 = open('/proc/1/cmdline').read().split(chr(0))[0]",
    "locked = [os.getuid() == 65534, status['NoNewPrivs'].strip() == '1', status['Seccomp'].strip() == '2',",
    "          int(status['CapEff'], 16) == 0, links == ['lo'], read_only, pid1.endswith('init')]",
    "src = sys.stdin.buffer",
    "while True:",
    "    size = src.readline()",
    "    if not size:",
    "        break",
    "    src.read(int(size))",
    "    sys.stdout.write(('1' if all(locked) else '0') + '\\n')",
    "    sys.stdout.flush()",
  ].join("\n"),
];

type Engine = (NamespaceEngine | FreshPoolEngine) & { warmCheckCounts: NamespaceEngine["warmCheckCounts"] };

const CONTESTANTS: Array<{ name: string; make: (warmCheck: WarmCheckOptions) => Engine }> = [
  {
    name: "isolation: namespace",
    make: (warmCheck) => new NamespaceEngine(new CliEngine(), { warm: 1, warmCheck }),
  },
  {
    name: "fresh containers (Engine API)",
    make: (warmCheck) =>
      new FreshPoolEngine(new EngineApi(endpointFromEnv()!), new CliEngine(), { warm: 1, warmCheck }),
  },
];

describe.each(CONTESTANTS)("the parse check kept warm: $name", ({ make }) => {
  const runId = `warm-${randomBytes(4).toString("hex")}`;
  // Room for a checker's first answer (its interpreter's start) on a loaded machine; `hasty`'s is for the one
  // that never answers.
  const engine = make({ answerMs: 60_000, startAfter: 0 });
  const hasty = make({ answerMs: 300, startAfter: 0 });
  const seen: string[] = [];

  /**
   * A job whose own check always fails (`false`): it reaches its command only where the warm checker said
   * its file parses and the check was skipped.
   */
  function job(source: string, checker: readonly string[] = server) {
    return pythonJob(source, runId, { check: ["false"], warmCheck: { server: checker, sources: [source] } });
  }

  const run = (source: string, checker?: readonly string[]) =>
    engine.run(job(source, checker), { onContainer: (id) => seen.push(id) });

  afterAll(async () => {
    expect(await engine.close()).toEqual([]);
    expect(await hasty.close()).toEqual([]);
    // The checkers' sandboxes too: no container, record or cgroup of this run's is left.
    expect(docker("ps", "-a", "--filter", `label=${RUN_LABEL}=${runId}`, "--format", "{{.Names}}").trim()).toBe("");
    expect(traces(seen)).toEqual([]);
    expect(sandboxRecords(runId)).toEqual([]);
    expect(templateFiles(runId)).toEqual([]);
  });

  it("skips the check of a file the checker says parses, and runs it for one it does not", async () => {
    const before = engine.warmCheckCounts;
    const [parses, broken, again] = await Promise.all([
      run("print('ran')"),
      run("print('ran'"),
      run("print('ran too')"),
    ]);
    expect(parses).toMatchObject({ phase: "run", exitCode: 0 });
    expect(parses.stdout.text).toBe("ran\n");
    expect(again.stdout.text).toBe("ran too\n");
    // Its own check (`false`) ran and failed: the phase is the check's, the command never ran.
    expect(broken).toMatchObject({ phase: "check", exitCode: 1 });
    expect(broken.stdout.text).toBe("");
    const after = engine.warmCheckCounts;
    expect(after.parses - before.parses).toBe(2);
    expect(after.fellBack - before.fellBack).toBe(1);
    // One checker for all three.
    expect(after.started - before.started).toBeLessThanOrEqual(1);
  });

  it("gives the real check its say on a file that does not parse: the verdict and message are the check's", async () => {
    const source = "def f(:\n    pass\n";
    const facts = await engine.run(pythonJob(source, runId, { warmCheck: { server, sources: [source] } }), {
      onContainer: (id) => seen.push(id),
    });
    expect(facts).toMatchObject({ phase: "check", exitCode: 1 });
    expect(JSON.parse(facts.checkVerdict!)).toMatchObject({ file: "solution.py", line: 1 });
  });

  it("skips the check of several files only where the checker says every one parses", async () => {
    const several = (second: string) =>
      engine.run(
        pythonJob("import helper\nprint(helper.X)", runId, {
          files: [
            { path: "solution.py", content: "import helper\nprint(helper.X)" },
            { path: "helper.py", content: second },
          ],
          check: ["false"],
          warmCheck: { server, sources: ["import helper\nprint(helper.X)", second] },
        }),
        { onContainer: (id) => seen.push(id) },
      );
    const [both, one] = await Promise.all([several("X = 'both'"), several("X = (")]);
    expect(both.stdout.text).toBe("both\n");
    expect(one).toMatchObject({ phase: "check", exitCode: 1 });
  });

  it("holds the checker to a candidate's lock-down", async () => {
    const facts = await run("print('locked')", PROBE_CHECKER);
    expect(facts.stdout.text, facts.checkOutput).toBe("locked\n");
  });

  it("leaves the check to the job when the checker does not answer in time, and ends that checker", async () => {
    const facts = await hasty.run(job("print('ran')", ["sleep", "600"]), { onContainer: (id) => seen.push(id) });
    expect(facts).toMatchObject({ phase: "check", exitCode: 1 });
    expect(hasty.warmCheckCounts).toEqual({ parses: 0, fellBack: 1, started: 1 });
  });

  it("leaves the check to the job when the checker cannot run, and stops starting it", async () => {
    const before = engine.warmCheckCounts;
    const missing = ["/nonexistent/python3", "-c", "pass"];
    for (let i = 0; i < 4; i++) expect(await run("print('ran')", missing)).toMatchObject({ phase: "check" });
    const after = engine.warmCheckCounts;
    expect(after.fellBack - before.fellBack).toBe(4);
    expect(after.parses - before.parses).toBe(0);
    expect(after.started - before.started).toBe(3);
  });
});
