// The whole run, shared by the action and the CLI: candidates → images first → every candidate
// through the pipeline (bounded concurrency, input order kept) → the gate decision.
import { performance } from "node:perf_hooks";
import type { AuditEvent } from "../report/audit.js";
import { judgeCandidate, mapLimit, type RunContext } from "./pipeline.js";
import type { DatasetEntry } from "../candidates/dataset.js";
import { feedbackFor } from "../verdict/feedback.js";
import type { Candidate, GateDecision, GateOutcome, Result, Skipped, Status } from "../core/model.js";
import { PER_CANDIDATE_UP_TO, ProgressMeter } from "../report/progress.js";
import { newResult } from "../core/schemas/report.js";
import { ensureImage } from "../sandbox/image.js";
import type { Settings } from "../settings/settings.js";
import { inShard } from "../candidates/shard.js";
import { BaseRuns } from "../verdict/base-runs.js";
import { reportedBase } from "../verdict/compare.js";

export interface GateHooks {
  log: (line: string) => void;
  /** Where the audit lines go; by default the log, as JSON. */
  audit?: (event: AuditEvent) => void;
}

/**
 * This shard's entries up to the quota, in order (an invalid line is already its result); the rest are
 * skipped, never run. Other shards' entries are not this job's: neither taken nor listed.
 */
async function takeQuota(entries: AsyncIterable<DatasetEntry>, quota: number, settings: Settings) {
  const taken: Array<Candidate | Result> = [];
  const skipped: Skipped[] = [];
  let position = 0;
  for await (const entry of entries) {
    if (!inShard(position++, settings.source.shard)) continue;
    const { id, source } = "candidate" in entry ? entry.candidate : entry.problem;
    if (taken.length >= quota) skipped.push({ id, source, reason: `over the max-candidates quota of ${quota}` });
    else taken.push("candidate" in entry ? entry.candidate : invalidEntry(id, source, entry.problem.problem, settings));
  }
  return { taken, skipped };
}

/** A dataset line that is not a candidate: nothing runnable, and it says why. */
function invalidEntry(id: string, source: string, problem: string, settings: Settings): Result {
  const empty = { stdout: "", stderr: "", truncated: { stdout: false, stderr: false } };
  return newResult({
    id,
    source,
    language: null,
    status: "no_code",
    exit_code: null,
    signal: null,
    duration_ms: 0,
    ...empty,
    feedback: feedbackFor({
      status: "no_code",
      ...empty,
      signal: null,
      exitCode: null,
      timeoutMs: settings.limits.timeoutMs,
      memoryBytes: settings.limits.memoryBytes,
      reason: `${source}: ${problem}`,
    }),
  });
}

export function decide(results: Result[], failOn: Set<Status>): GateDecision {
  const failing = results.filter((r) => failOn.has(r.status));
  if (failing.length === 0) return { failed: false, reason: `all ${results.length} candidates passed the gate` };
  const counts = new Map<Status, number>();
  for (const r of failing) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const detail = [...counts].map(([status, n]) => `${n} ${status}`).join(", ");
  return { failed: true, reason: `${failing.length} of ${results.length} candidates failed the gate (${detail})` };
}

/** Pull (or check) each image once, before any candidate's clock starts. */
export function imagePreparer(
  ctx: Omit<RunContext, "prepareImage">,
  hooks: GateHooks,
): (image: string) => Promise<string | undefined> {
  const ready = new Map<string, Promise<string | undefined>>();
  return (image) => {
    let pending = ready.get(image);
    if (!pending) {
      pending = ensureImage(ctx.engine, image, ctx.settings.run.pull, {
        retries: 3,
        backoffMs: 1000,
        log: hooks.log,
      }).then((outcome) => {
        if (!outcome.ok) return outcome.reason;
        if (!outcome.pulled) hooks.log(`image ${image}: present`);
        return undefined;
      });
      ready.set(image, pending);
    }
    return pending;
  };
}

export async function runGate(
  entries: AsyncIterable<DatasetEntry>,
  base: Omit<RunContext, "prepareImage">,
  hooks: GateHooks,
): Promise<GateOutcome> {
  const { settings } = base;
  const { taken, skipped } = await takeQuota(entries, settings.source.maxCandidates, settings);
  const ctx: RunContext = { ...base, prepareImage: imagePreparer(base, hooks), baseRuns: new BaseRuns() };
  if (settings.source.shard)
    hooks.log(
      `shard ${settings.source.shard.index}/${settings.source.shard.count}: ${taken.length + skipped.length} candidates`,
    );
  let done = 0;
  const progress = new ProgressMeter(taken.length, () => performance.now());
  const results = await mapLimit(taken, settings.mode.concurrency, async (item) => {
    const result = "status" in item ? item : await judgeCandidate(item, ctx);
    done += 1;
    const line = progress.finished(result.status === "pass");
    if (taken.length <= PER_CANDIDATE_UP_TO)
      hooks.log(
        `[${done}/${taken.length}] ${result.id}: ${result.status} (${(result.duration_ms / 1000).toFixed(2)} s)`,
      );
    else if (line) hooks.log(line);
    // The audit line: enough to trace a run, nothing of the candidate's text or of our secrets.
    const event: AuditEvent = {
      event: "sandbox-gate.candidate",
      run: base.runId,
      candidate: result.id,
      code_length: "status" in item ? 0 : item.text.length,
      status: result.status,
      exit: result.exit_code,
      duration_ms: result.duration_ms,
    };
    if (hooks.audit) hooks.audit(event);
    else hooks.log(JSON.stringify(event));
    return result;
  });
  const [firstBase] = await ctx.baseRuns!.all();
  return {
    results,
    skipped,
    decision: decide(results, settings.reports.failOn),
    ...(firstBase && { base: reportedBase(firstBase) }),
  };
}
