// Stronger isolation by configuration only: the hostile suite's cases, unchanged, under gVisor
// (`runtime: runsc`, registered by scripts/setup-runtimes.sh) and under podman (the engine's `binary`).
import { execFile, spawnSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_LABEL } from "../../src/sandbox/job.js";
import type { Result } from "../../src/core/model.js";
import {
  ENDING_CASES,
  HostileWorld,
  CASE_TEST_TIMEOUT_MS,
  LIMIT_CASES,
  Sandbox,
  codeOf,
  type Inputs,
} from "./hostile-cases.js";
import { GVISOR_INPUTS } from "./runtimes.js";
import { TEST_IMAGE, ensurePodmanImage } from "./support.js";
import { tempDir } from "../support/temp.js";
import { readValidReport } from "../support/report-schema.js";

let world: HostileWorld;

beforeAll(async () => {
  world = await HostileWorld.start();
});

afterAll(() => {
  world.close();
});

type Outcome = Partial<Pick<Result, "status" | "signal" | "exit_code">>;

/** What a runtime gives instead of a case's status (any of `outcomes`), and why. */
interface Gap {
  why: string;
  outcomes: Outcome[];
  /** false: the case's own check means nothing on this runtime. */
  check?: false;
}

interface Runtime {
  name: string;
  sandbox: Sandbox;
  /** Makes the test image available to the runtime's engine. */
  prepare?: () => void;
  /** A command whose output names the runtime, and what it must print. */
  identity: { command: string; expected: RegExp };
  /** Inputs every case gets on this runtime, over the case's own. */
  inputs?: Inputs;
  /** Cases this runtime judges differently, by name. */
  gaps?: Record<string, Gap>;
}

const RUNTIMES: Runtime[] = [
  {
    name: "gVisor (runtime: runsc)",
    sandbox: new Sandbox(),
    inputs: GVISOR_INPUTS,
    gaps: {
      "a CPU spin in 8 threads": {
        outcomes: [{ status: "timeout" }],
        check: false,
        why: "the CPU time a guest reads is gVisor's own account, not the host's quota: the share measured inside says nothing",
      },
    },
    // gVisor's own kernel answers, not the host's.
    identity: {
      command: "uname -a",
      expected: /^Linux \S+ 4\.4\.0 #1 SMP Sun Jan 10 15:06:54 PST 2016 x86_64 GNU\/Linux$/,
    },
  },
  {
    name: "podman (binary: podman)",
    sandbox: new Sandbox({ binary: "podman" }),
    prepare: ensurePodmanImage,
    identity: { command: "tr '\\0' '\\n' < /proc/1/cmdline | head -n 1", expected: /^\/run\/podman-init$/ },
  },
];

describe.each(RUNTIMES)("$name", ({ sandbox, prepare, identity, inputs = {}, gaps = {} }) => {
  beforeAll(() => prepare?.(), 120_000);

  afterAll(async () => {
    await sandbox.expectClean();
  });

  it("is the runtime that runs the candidate", async () => {
    const { result } = await sandbox.judge("bash", identity.command, inputs);
    expect(result.status, result.feedback).toBe("pass");
    console.log(`${identity.command}: ${result.stdout.trim()}`);
    expect(result.stdout.trim()).toMatch(identity.expected);
  });

  it.each([...LIMIT_CASES, ...ENDING_CASES])("$name: $status", { timeout: CASE_TEST_TIMEOUT_MS }, async (c) => {
    const judged = await sandbox.judge(c.language, codeOf(c, world), { ...c.inputs, ...inputs });
    const gap = gaps[c.name];
    const { status, signal, exit_code } = judged.result;
    if (gap) {
      // Asserted as it is, so the day the runtime catches up this fails and the gap is removed.
      const seen = { status, signal, exit_code };
      expect(
        gap.outcomes.map((outcome) => ({ ...seen, ...outcome })),
        gap.why,
      ).toContainEqual(seen);
    } else {
      expect(status, judged.result.feedback).toBe(c.status);
    }
    if (status === c.status && gap?.check !== false) c.check?.(judged, world);
    await sandbox.expectClean();
    expect(world.received()).toBe("");
  });
});

// The same runtime chosen the way a user chooses it: the `engine` input, here the bundled CLI's flag.
describe("engine: podman, through the bundled CLI", () => {
  const podman = RUNTIMES.find((runtime) => runtime.name.startsWith("podman"))!;
  beforeAll(() => podman.prepare?.(), 120_000);

  // conmon writes its OOM verdict into the CLI's working directory: the workspace, were it not for ours.
  it("judges replies in podman containers, OOM included, and leaves nothing behind, in the workspace either", async () => {
    const dir = tempDir("podman");
    writeFileSync(join(dir, "identity.md"), `\`\`\`bash\n${podman.identity.command}\n\`\`\`\n`);
    writeFileSync(join(dir, "bomb.md"), "```python\nkept = [bytearray(1 << 20) for _ in range(1024)]\n```\n");
    const cli = resolve(import.meta.dirname, "../../dist/cli.js");
    const args = [
      cli,
      "run",
      "--engine",
      "podman",
      "--image",
      TEST_IMAGE,
      "--pull",
      "never",
      "--memory",
      "64m",
      "--report",
      "report.json",
      "identity.md",
      "bomb.md",
    ];
    const { stderr } = await promisify(execFile)(process.execPath, args, { cwd: dir }).catch(
      (error: { code: number; stderr: string }) => (expect(error.code).toBe(1), error),
    );
    // This run's own containers: another run may share podman (another suite, a user's run).
    const runId = /^sandbox-gate: run (\S+): /m.exec(stderr)?.[1];
    expect(runId, stderr).toBeDefined();
    const [identity, bomb] = readValidReport(join(dir, "report.json")).results;
    expect(identity).toMatchObject({ status: "pass", language: "bash" });
    expect(identity!.stdout.trim()).toMatch(podman.identity.expected);
    expect(bomb).toMatchObject({ status: "oom", language: "python" });
    expect(readdirSync(dir).sort()).toEqual(["bomb.md", "identity.md", "report.json"]);
    const left = spawnSync(
      "podman",
      ["ps", "-a", "--filter", `label=${RUN_LABEL}=${runId}`, "--format", "{{.Names}}"],
      {
        encoding: "utf8",
      },
    );
    expect(left.stdout.trim()).toBe("");
  });
});
