// Memory held at its limit until the clock ran out. The kernel's OOM killer strikes only when reclaim
// makes no progress; a sandbox whose memory is pinned (gVisor keeps all guest memory in one shared-memory
// file, which cannot be reclaimed without swap) can instead sit at its limit for as long as the kernel
// finds a few file pages to evict (its own binary's code, read back in at the next fault), making no
// progress until our timeout kills it. Measured with runsc on cgroup v1 (docs/security.md): 2 of 10
// memory bombs on a loaded machine sat at 256 MiB for 30 s, `memory.failcnt` 0, no OOM kill, `pgpgout`
// climbing by ~100k pages a second. Such a run hit its memory limit: the engine's own count says so.
import type { MemorySample } from "../core/model.js";

const MiB = 1024 * 1024;

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
