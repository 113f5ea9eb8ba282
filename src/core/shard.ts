// `shard: i/n`: one matrix job's deterministic slice of the candidates. Pure; the input is parsed in settings.
import type { Shard } from "./schemas/report.js";

// The report records it, so its shape is the report schema's: `index` is 1-based, as matrix values are usually written.
export type { Shard };

/**
 * Whether the candidate at `position` (0-based, counting every dataset line that is not blank, bad ones
 * too) belongs to `shard`. Round-robin: the n shards are disjoint, together cover everything, differ in
 * size by at most one, and share out a dataset's slow stretch instead of giving it to one job.
 */
export function inShard(position: number, shard: Shard | undefined): boolean {
  return shard === undefined || position % shard.count === shard.index - 1;
}
