// The bench's services figure (issue 31, `services`): ten python replies through the gate's CLI, twice in
// the same process: with one Redis service (sandbox-gate-test/redis:1, scripts/build-test-images.sh), so that
// each candidate gets a network, a Redis and a readiness probe of its own, and without. The ten are the same
// in both runs: each says whether a `redis` answers PING, and passes either way; each run's verdicts are held
// to `pass`, and what the candidates saw to the run's (PONG with the service, no such host without).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CliRun, candidateName, cliRun, wrongVerdicts } from "./gate-cli.js";

export const SERVICE_CANDIDATES = 10;
export const REDIS_IMAGE = "sandbox-gate-test/redis:1";

/** Reply `n`: PING to `redis` if there is one, then its own small computation, checked. */
export function serviceReply(n: number): string {
  return [
    "```python",
    "import socket",
    "try:",
    '    conn = socket.create_connection(("redis", 6379), timeout=10)',
    '    conn.sendall(b"PING\\r\\n")',
    '    print("redis:", conn.recv(64))',
    "except OSError as e:",
    '    print("no redis:", e)',
    `assert sum(range(${n + 1})) == ${(n * (n + 1)) / 2}`,
    "```",
    "",
  ].join("\n");
}

/** What a candidate must have printed: PONG from its own Redis, or that there was none to reach. */
export const sawService = (stdout: string, withRedis: boolean) =>
  withRedis ? stdout.includes("redis: b'+PONG\\r\\n'") : stdout.includes("no redis:");

export interface ServicesFigures {
  candidates: number;
  concurrency: number;
  without: Pick<CliRun, "wallMs" | "cpuSeconds">;
  withRedis: Pick<CliRun, "wallMs" | "cpuSeconds">;
}

async function run(root: string, image: string, concurrency: number, withRedis: boolean) {
  const dir = join(root, withRedis ? "with-redis" : "without");
  mkdirSync(dir);
  const files = Array.from({ length: SERVICE_CANDIDATES }, (_, n) => {
    const file = join(dir, `reply-${n}.md`);
    writeFileSync(file, serviceReply(n));
    return file;
  });
  const args = ["--workdir", dir, "--language", "python", "--image", image, "--pull", "never"];
  args.push("--command", "python3 solution.py", "--timeout", "30s", "--concurrency", String(concurrency));
  if (withRedis) args.push("--services", `redis=${REDIS_IMAGE}`);
  const { wallMs, cpuSeconds, report } = await cliRun([...args, ...files], dir, join(root, `${withRedis}.json`));
  const what = withRedis ? "with one Redis" : "without services";
  const want = new Map(files.map((file) => [candidateName(file), "pass"]));
  const wrong = [
    ...wrongVerdicts(want, report.results),
    ...report.results
      .filter((r) => !sawService(r.stdout, withRedis))
      .map((r) => `${candidateName(r.id)} printed ${JSON.stringify(r.stdout)}`),
  ];
  if (wrong.length > 0) throw new Error(`services bench (${what}): wrong verdicts:\n  ${wrong.join("\n  ")}`);
  return { wallMs, cpuSeconds };
}

/** The ten without services, then with one Redis (or the other way round), each on a fresh work dir. */
export async function servicesBench(image: string, concurrency: number, redisFirst = false): Promise<ServicesFigures> {
  const root = mkdtempSync(join(tmpdir(), "sandbox-gate-bench-services-"));
  try {
    const first = await run(root, image, concurrency, redisFirst);
    const second = await run(root, image, concurrency, !redisFirst);
    const [without, withRedis] = redisFirst ? [second, first] : [first, second];
    return { candidates: SERVICE_CANDIDATES, concurrency, without, withRedis };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
