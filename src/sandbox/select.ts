// Which engine runs the sandboxes: the Engine API when its socket answers (no CLI process per call,
// containers started ahead of need), the docker CLI otherwise (ssh:// or TLS hosts, contexts, podman).
// `isolation: run` needs the API; without it the run falls back to a container per candidate, the
// stronger isolation, and says so. SANDBOX_GATE_ENGINE=cli forces the CLI (e.g. to compare the two).
// `engine: podman` always goes through podman's CLI.
import type { ModeSettings } from "../settings/settings.js";
import { EngineApi, describeEndpoint, endpointFromEnv } from "./api/client.js";
import { cli } from "./cli-command.js";
import type { ContainerEngine } from "./engine.js";
import { CliEngine } from "./engines/cli.js";
import { FreshPoolEngine } from "./engines/fresh-pool.js";
import { SharedEngine } from "./engines/shared.js";
import { KILL_GRACE_MS } from "./run.js";

export async function createEngine(
  mode: ModeSettings,
  log: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ContainerEngine> {
  const cli = new CliEngine({ binary: mode.engine });
  const api = mode.engine === "docker" ? await reachableApi(env, log) : undefined;
  if (api)
    return mode.isolation === "run"
      ? new SharedEngine(api, cli)
      : new FreshPoolEngine(api, cli, { warm: mode.concurrency });
  if (mode.isolation === "run") log("isolation: run needs the Engine API; running one container per candidate instead");
  return cli;
}

/**
 * The engine that removes a run's leftovers (the post step, after the process that judged is gone):
 * the CLI of the engine `engine` names, which finds them by label whichever engine started them.
 */
export function leftoverRemover(engine: string): Pick<ContainerEngine, "removeLabelled"> {
  return new CliEngine({ binary: engine });
}

/**
 * Kills one container by name through the CLI of the engine `engine` names, whichever engine started it
 * (the CLI and the Engine API reach one daemon): a cancelled judgement's, whose run then ends and removes
 * it as any run does. A container not there (yet, or any more) is no error: the caller asks again.
 */
export function containerKiller(engine: "docker" | "podman"): (name: string) => Promise<void> {
  return async (name) => void (await cli(engine, ["kill", name], { timeoutMs: KILL_GRACE_MS }));
}

/** The Engine API, when it is not ruled out and answers. */
async function reachableApi(env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<EngineApi | undefined> {
  const endpoint = env.SANDBOX_GATE_ENGINE === "cli" ? undefined : endpointFromEnv(env);
  if (!endpoint) return undefined;
  const api = new EngineApi(endpoint);
  try {
    await api.call("GET", "/version");
    return api;
  } catch (error) {
    // The CLI reports an engine that is down per candidate, as sandbox_error; let it.
    log(
      `the Engine API at ${describeEndpoint(endpoint)} does not answer (${(error as Error).message}); using the docker CLI`,
    );
    return undefined;
  }
}
