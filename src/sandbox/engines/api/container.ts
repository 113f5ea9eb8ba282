// The calls both Engine API engines make of a container besides running it. What they leave to the CLI
// (images, pulled with the CLI's registry credentials, and the cleanup by label) is CliImages (engines/base.ts).
import type { MemorySample } from "../../../core/model.js";
import { OOM_LOOK_TIMEOUT_MS, eventWindow } from "../../late-oom.js";
import { MEMORY_SAMPLE_TIMEOUT_MS, memoryFromStats } from "../../memory-sample.js";
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
