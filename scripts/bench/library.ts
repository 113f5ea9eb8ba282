// The bench's library figure: the latency of one `judge()` on a warm sandbox (openSandbox, the warm pool
// over the Engine API, a fresh container per judgement) against a bare `docker exec` of the same program
// in one long-running container (no isolation between runs: the floor a container can give). The two
// alternate, one of each per round, so a busy moment on the machine falls on both alike.
import { execFile, execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { openSandbox } from "../../src/library.js";
import { quantile } from "../../src/report/evaluation.js";
import { RUN_LABEL } from "../../src/sandbox/job.js";
import { machineCpuSeconds } from "./host.js";

const run = promisify(execFile);

export interface LatencyFigures {
  n: number;
  p50Ms: number;
  p95Ms: number;
  /** The machine's busy CPU over the n timed calls (the engine's and the kernel's included). */
  cpuSeconds: number;
}

export interface LibraryFigures {
  judge: LatencyFigures;
  exec: LatencyFigures;
}

const PROGRAM = "print(sum(range(10)))";
const figures = (latencies: number[], cpuSeconds: number): LatencyFigures => ({
  n: latencies.length,
  cpuSeconds,
  p50Ms: quantile(latencies, 0.5),
  p95Ms: quantile(latencies, 0.95),
});

/** `count` rounds of one judge() and one docker exec, after `warmup` untimed rounds. */
export async function libraryBench(image: string, count: number, warmup = 3): Promise<LibraryFigures> {
  const sandbox = await openSandbox({ image, pull: "never", language: "python", command: "python3 solution.py" });
  const container = execFileSync(
    "docker",
    [
      "run",
      "-d",
      "--rm",
      "--network",
      "none",
      "--label",
      `${RUN_LABEL}=bench-exec-${process.pid}`,
      image,
      "sleep",
      "infinity",
    ],
    { encoding: "utf8" },
  ).trim();
  const judged: number[] = [];
  const execed: number[] = [];
  const cpu = { judge: 0, exec: 0 };
  try {
    for (let round = 0; round < warmup + count; round++) {
      let cpuAt = machineCpuSeconds();
      let at = performance.now();
      const observation = await sandbox.judge({ reply: `\`\`\`python\n${PROGRAM}\n\`\`\`` });
      const judgeMs = performance.now() - at;
      const judgeCpu = machineCpuSeconds() - cpuAt;
      if (observation.status !== "pass")
        throw new Error(`library bench: judge() gave ${observation.status}: ${observation.feedback}`);
      cpuAt = machineCpuSeconds();
      at = performance.now();
      const { stdout } = await run("docker", ["exec", container, "python3", "-c", PROGRAM]);
      const execMs = performance.now() - at;
      const execCpu = machineCpuSeconds() - cpuAt;
      if (stdout !== "45\n") throw new Error(`library bench: docker exec printed ${JSON.stringify(stdout)}`);
      if (round < warmup) continue;
      judged.push(judgeMs);
      execed.push(execMs);
      cpu.judge += judgeCpu;
      cpu.exec += execCpu;
    }
  } finally {
    await sandbox.close();
    execFileSync("docker", ["rm", "-f", container], { stdio: "ignore" });
  }
  return { judge: figures(judged, cpu.judge), exec: figures(execed, cpu.exec) };
}
