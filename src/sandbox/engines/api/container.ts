// The calls both Engine API engines make of a container besides running it. What they leave to the CLI
// (images, pulled with the CLI's registry credentials, and the cleanup by label) is CliImages (engines/base.ts).
import type { MemorySample } from "../../../core/model.js";
import type { CpuMeter, CpuReading } from "../../charged-time.js";
import { containerMeter } from "../../cgroup-meter.js";
import { OOM_LOOK_TIMEOUT_MS, eventWindow } from "../../late-oom.js";
import { MEMORY_SAMPLE_TIMEOUT_MS, memoryFromStats } from "../../memory-sample.js";
import type { NameFiles } from "../../policy.js";
import { ApiError, type EngineApi } from "./engine-api.js";

/** Removes a container with its anonymous volumes; one already gone counts as removed. */
export async function removeContainer(api: EngineApi, name: string): Promise<void> {
  await api.call("DELETE", `/containers/${name}?force=1&v=1`).catch((error: Error) => {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  });
}

/** The container's memory (`one-shot`: no wait for a second CPU sample), or undefined when the engine cannot say. */
export async function containerMemory(api: EngineApi, name: string): Promise<MemorySample | undefined> {
  const signal = AbortSignal.timeout(MEMORY_SAMPLE_TIMEOUT_MS);
  const stats = await api
    .call("GET", `/containers/${name}/stats?stream=false&one-shot=true`, undefined, signal)
    .catch(() => undefined);
  return memoryFromStats(stats);
}

/** Whether the engine's event log holds an `oom` event of the container (late-oom.ts says why). */
export function oomEventSeen(api: EngineApi, name: string): Promise<boolean> {
  const { since, until } = eventWindow();
  const filters = encodeURIComponent(JSON.stringify({ container: [name], event: ["oom"] }));
  return new Promise((resolve, reject) => {
    let seen = false;
    let ended = false;
    let timer: NodeJS.Timeout | undefined;
    const end = (): void => {
      ended = true;
      clearTimeout(timer);
      resolve(seen);
    };
    api
      .lines(`/events?since=${since}&until=${until}&filters=${filters}`, () => (seen = true), end)
      .then((events) => {
        if (!ended) timer = setTimeout(() => (events.close(), end()), OOM_LOOK_TIMEOUT_MS);
      }, reject);
  });
}

/** How often a remote engine is asked for a running container's counters: a call each, over the network. */
export const STATS_INTERVAL_MS = 250;

/**
 * The CPU counters of a container's stats (`cpu_stats`): its CPU time only, as the stats hold no CPU
 * pressure (the wait reads as none). Undefined where the engine gave none.
 */
export function cpuFromStats(stats: unknown): CpuReading | undefined {
  const usage = (stats as { cpu_stats?: { cpu_usage?: { total_usage?: unknown } } } | null)?.cpu_stats?.cpu_usage
    ?.total_usage;
  // A container that is gone reads zero: no reading, so the last one stands.
  if (typeof usage !== "number" || usage <= 0) return undefined;
  return { waitedUs: 0, usedUs: Math.round(usage / 1000) };
}

/**
 * A remote engine's container, metered through its stats: only the CPU time (the time it waited is on
 * another machine, so its clock stays the wall clock; docs/judging.md, Time). The clock reads synchronously
 * and often, so a reading is the last answer, refreshed in the background at most every STATS_INTERVAL_MS.
 * docker samples a container's counters once a second and each answer waits for its next sample (20.10,
 * measured), so the last reading may miss up to the last second of the run; the sample after its end
 * reads zero, so none is closer.
 */
export function statsMeter(
  api: EngineApi,
  name: string,
  { intervalMs = STATS_INTERVAL_MS, fresh = false }: { intervalMs?: number; fresh?: boolean } = {},
): CpuMeter {
  let last: CpuReading | undefined;
  let asked = false;
  let askedAt = -Infinity;
  const ask = (): void => {
    asked = true;
    askedAt = performance.now();
    api
      .call("GET", `/containers/${name}/stats?stream=false&one-shot=true`, undefined, AbortSignal.timeout(2_000))
      .then(
        (stats) => (last = cpuFromStats(stats) ?? last),
        () => {},
      )
      .finally(() => (asked = false));
  };
  return {
    kind: "engine stats CPU time",
    readsWait: false,
    startsAtZero: fresh,
    read(): CpuReading | undefined {
      if (!asked && performance.now() - askedAt >= intervalMs) ask();
      return last;
    },
  };
}

/**
 * The meter of a container the Engine API made: its cgroup where the engine runs on this machine (the id
 * finds it), its stats where it does not. `fresh`: the container is the candidate's alone, made for it.
 */
export function apiContainerMeter(
  api: EngineApi,
  container: { name: string; id: string | undefined; fresh: boolean },
  local: boolean,
  runtime?: string,
): CpuMeter {
  return local
    ? containerMeter(() => container.id, { runtime })
    : statsMeter(api, container.name, { fresh: container.fresh });
}

interface NamedContainer {
  Config?: { Hostname?: unknown };
  HostsPath?: unknown;
  ResolvConfPath?: unknown;
  HostnamePath?: unknown;
}

/**
 * Makes container `name` from `config` (a `none` network's, docker's hook and all), runs it to its end and
 * reads where docker wrote its name service files: the files candidates' containers bind in place of the
 * hook (policy.ts, withoutNetworkHook). They last as long as the container, which the caller removes.
 * Undefined when the engine did not say where they are: candidates then get docker's own set-up.
 */
export async function makeNameFiles(
  api: EngineApi,
  name: string,
  config: Record<string, unknown>,
): Promise<NameFiles | undefined> {
  await api.call("POST", `/containers/create?name=${name}`, config);
  await api.call("POST", `/containers/${name}/start`);
  await api.call("POST", `/containers/${name}/wait?condition=not-running`);
  const info = await api.call<NamedContainer>("GET", `/containers/${name}/json`);
  const files = {
    hostname: info.Config?.Hostname,
    hosts: info.HostsPath,
    resolvConf: info.ResolvConfPath,
    hostnameFile: info.HostnamePath,
  };
  return Object.values(files).every((v) => typeof v === "string" && v !== "") ? (files as NameFiles) : undefined;
}
