// Which engine runs the sandboxes: the Engine API when its socket answers (no CLI process per call,
// containers created ahead of need), the docker CLI otherwise (ssh:// or TLS hosts, contexts, podman).
import type { Settings } from "../settings.js";
import { DockerEngine } from "./docker.js";
import type { ContainerEngine } from "./engine.js";
import { EngineApi, describeEndpoint, endpointFromEnv } from "./engine-api.js";
import { PoolEngine } from "./pool.js";

/** What the action and the CLI need of an engine besides running: cleanup at the end, and on cancel. */
export interface GateEngine extends ContainerEngine {
  close(): Promise<string[]>;
  abort(): Promise<string[]>;
}

export async function createEngine(settings: Pick<Settings, "concurrency">, log: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<GateEngine> {
  const cli = new DockerEngine();
  const endpoint = endpointFromEnv(env);
  if (!endpoint) return cli;
  const api = new EngineApi(endpoint);
  try {
    await api.call("GET", "/version");
  } catch (error) {
    // The CLI reports an engine that is down per candidate, as sandbox_error; let it.
    log(`the Engine API at ${describeEndpoint(endpoint)} does not answer (${(error as Error).message}); using the docker CLI`);
    return cli;
  }
  return new PoolEngine(api, cli, { warm: settings.concurrency });
}
