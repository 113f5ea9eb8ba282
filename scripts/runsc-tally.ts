// `npm run tally:runsc`: how stable gVisor's verdicts are. Runs the runtimes suite's memory bomb and fork
// bomb, unchanged, N times each under `runtime: runsc`, optionally beside CPU hogs it starts itself, and
// prints each case's tally of statuses. Exits 1 when a case did not get one status in every run.
//
//   npm run tally:runsc -- [--runs 20] [--hogs 2] [--engine api|cli]
//
// `api` is what users get when the socket answers (the warm pool over the Engine API); `cli` the docker CLI.
import { spawn, type ChildProcess } from "node:child_process";
import { parseArgs } from "node:util";
import { judgeCandidate, runContext } from "../src/run/pipeline.js";
import { CliEngine } from "../src/sandbox/engines/cli/cli-engine.js";
import { createEngine } from "../src/sandbox/select.js";
import { readSettings } from "../src/settings/settings.js";
import { HOSTILE_INPUTS, LIMIT_CASES, fence, type Inputs } from "../test/integration/hostile-cases.js";
import { GVISOR_INPUTS } from "../test/integration/runtimes.js";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "20" },
    hogs: { type: "string", default: "0" },
    engine: { type: "string", default: "api" },
  },
});
const runs = Number(values.runs);
const cases = LIMIT_CASES.filter((c) => c.name === "a memory bomb" || c.name === "a fork bomb");

const hogs: ChildProcess[] = Array.from({ length: Number(values.hogs) }, () =>
  spawn("sh", ["-c", "exec yes > /dev/null"], { stdio: "ignore" }),
);
const settingsFor = (inputs: Inputs) => {
  const all: Inputs = { ...HOSTILE_INPUTS, ...inputs, ...GVISOR_INPUTS };
  return readSettings((name) => all[name] ?? "", { defaultWorkdir: process.cwd() });
};
const engine =
  values.engine === "cli" ? new CliEngine() : await createEngine(settingsFor({}).mode, () => {}, { ...process.env });
const runId = `tally-${process.pid}`;
let stable = true;
try {
  for (const c of cases) {
    const settings = settingsFor({ ...c.inputs, language: c.language });
    const tally = new Map<string, number>();
    const times: number[] = [];
    let held = 0;
    for (let i = 0; i < runs; i++) {
      const candidate = {
        id: `${c.name} ${i + 1}`,
        source: "tally",
        kind: "reply" as const,
        text: fence(c.language, c.code as string),
      };
      const result = await judgeCandidate(
        candidate,
        runContext({ settings, engine, testFiles: [], runId, prepareImage: async () => undefined }, () => {}),
      );
      const key = result.status + (result.exit_code === null ? "" : ` (exit ${result.exit_code})`);
      tally.set(key, (tally.get(key) ?? 0) + 1);
      times.push(result.duration_ms);
      // The timeout ended it with the memory at its limit (memory.ts), rather than a kill at the limit.
      if (result.status === "oom" && result.duration_ms >= settings.limits.timeoutMs) held++;
    }
    const seen = [...tally].map(([status, n]) => `${n}/${runs} ${status}`).join(", ");
    const expected = tally.get(c.status) === runs || [...tally.keys()].every((k) => k.startsWith(`${c.status} `));
    stable &&= tally.size === 1 && expected;
    console.log(
      `${c.name} (wants ${c.status}), ${values.engine} engine, ${hogs.length} CPU hogs: ${seen}${held > 0 ? ` (${held} held at the memory limit until the timeout)` : ""}; run time ${Math.min(...times)}–${Math.max(...times)} ms`,
    );
  }
} finally {
  for (const hog of hogs) hog.kill();
  const failed = await engine.close();
  if (failed.length > 0) console.log(`removals that failed: ${failed.join("; ")}`);
}
process.exitCode = stable ? 0 : 1;
