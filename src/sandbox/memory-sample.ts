// What the engine reports of a container's memory, as a sample the verdict reads (verdict/memory.ts).
import type { MemorySample } from "../core/model.js";

const MiB = 1024 * 1024;

/** The sample delays the kill, so it may not take long: past this the run is judged without it. */
export const MEMORY_SAMPLE_TIMEOUT_MS = 3_000;

/** The Engine API's `GET /containers/{id}/stats` answer → a sample; cgroup v1 and v2 name the cache apart. */
export function memoryFromStats(stats: unknown): MemorySample | undefined {
  const memory = (
    stats as { memory_stats?: { usage?: unknown; limit?: unknown; stats?: Record<string, unknown> } } | null
  )?.memory_stats;
  const usage = memory?.usage;
  const limit = memory?.limit;
  if (typeof usage !== "number" || typeof limit !== "number" || limit <= 0) return undefined;
  const cache = memory?.stats?.total_inactive_file ?? memory?.stats?.inactive_file;
  // As the docker CLI computes it: the inactive page cache is what reclaim takes first.
  return { usedBytes: usage - (typeof cache === "number" && cache < usage ? cache : 0), limitBytes: limit };
}

const UNITS: Record<string, number> = {
  b: 1,
  kib: 1024,
  mib: MiB,
  gib: 1024 * MiB,
  tib: 1024 * 1024 * MiB,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
};

function bytesOf(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = UNITS[(m?.[2] ?? "").toLowerCase() || "b"];
  return m && unit !== undefined ? Number(m[1]) * unit : undefined;
}

/**
 * The CLI's `MemUsage` column (`255.9MiB / 256MiB` from docker, `268.4MB / 268.4MB` from podman) → a
 * sample; both CLIs already leave out the inactive page cache. Four significant digits: ample for the slack.
 */
export function memoryFromCli(memUsage: string): MemorySample | undefined {
  const [used, limit] = memUsage.split("/").map(bytesOf);
  return used === undefined || limit === undefined || limit <= 0 ? undefined : { usedBytes: used, limitBytes: limit };
}
