// Memory held at its limit until the clock ran out. The kernel's OOM killer strikes only when reclaim
// makes no progress; a sandbox whose memory is pinned (gVisor keeps all guest memory in one shared-memory
// file, which cannot be reclaimed without swap) can instead sit at its limit for as long as the kernel
// finds a few file pages to evict (its own binary's code, read back in at the next fault), making no
// progress until our timeout kills it. Measured with runsc on cgroup v1 (docs/security.md): 2 of 10
// memory bombs on a loaded machine sat at 256 MiB for 30 s, `memory.failcnt` 0, no OOM kill, `pgpgout`
// climbing by ~100k pages a second. Such a run hit its memory limit: the engine's own count says so.
import type { MemorySample } from "../model.js";

const MiB = 1024 * 1024;

/** The sample delays the kill, so it may not take long: past this the run is judged without it. */
export const MEMORY_SAMPLE_TIMEOUT_MS = 3_000;

/**
 * How far below the limit still counts as at it: the kernel charges memory in per-CPU batches and keeps
 * a few file pages resident even while thrashing, so usage hovers just under the limit, never on it.
 */
export function memorySlack(limitBytes: number): number {
  return Math.max(4 * MiB, limitBytes * 0.02);
}

/** Whether the sample shows the container at its memory limit. Pure. */
export function atMemoryLimit(sample: MemorySample | undefined): boolean {
  if (sample === undefined || !(sample.limitBytes > 0)) return false;
  return sample.limitBytes - sample.usedBytes <= memorySlack(sample.limitBytes);
}

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
