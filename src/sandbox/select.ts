// Which engine runs the sandboxes: the Engine API when its socket answers (no CLI process per call,
// containers started ahead of need), the docker CLI otherwise (ssh:// or TLS hosts, contexts, podman).
// `isolation: run` needs the API; without it the run falls back to a container per candidate, the
// stronger isolation, and says so. SANDBOX_GATE_ENGINE=cli forces the CLI (e.g. to compare the two).
// `engine: podman` always goes through podman's CLI. `isolation: namespace` runs each candidate in a
// bubblewrap sandbox made from docker's config (engines/namespace/namespace.ts), and only where it can:
// otherwise the run is refused, never made weaker.
import { accessSync, constants, existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { InputError } from "../core/errors.js";
import type { ModeSettings } from "../settings/settings.js";
import { EngineApi, describeEndpoint, endpointFromEnv } from "./engines/api/engine-api.js";
import { cli } from "./cli-command.js";
import type { ContainerEngine } from "./engine.js";
import { CliEngine } from "./engines/cli/cli-engine.js";
import { FreshPoolEngine } from "./engines/api/fresh-pool.js";
import { findTools, makerArgs } from "./engines/namespace/maker.js";
import { NamespaceEngine, TASK_ROOTS, removeNamespaceLabelled } from "./engines/namespace/namespace.js";
import { SECCOMP_ARCHES } from "./engines/namespace/seccomp-bpf.js";
import { SharedEngine } from "./engines/api/shared.js";
import { KILL_GRACE_MS } from "./engines/base.js";
import { ServicesEngine } from "./services.js";

export async function createEngine(
  mode: ModeSettings,
  log: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ContainerEngine> {
  const cli = new CliEngine({ binary: mode.engine });
  if (mode.isolation === "namespace") {
    const refusal = namespaceRefusal(mode, env, probeHost());
    if (refusal) throw new InputError("isolation", refusal);
    return new NamespaceEngine(cli, { warm: mode.concurrency });
  }
  const api = mode.engine === "docker" ? await reachableApi(env, log) : undefined;
  if (api && mode.isolation === "run") return new SharedEngine(api, cli);
  if (mode.isolation === "run") log("isolation: run needs the Engine API; running one container per candidate instead");
  // With services, each sandbox joins a network made for its run: none can be made ahead of it.
  const fresh = api ? new FreshPoolEngine(api, cli, { warm: mode.services ? 0 : mode.concurrency }) : cli;
  // settings.ts refuses services under the other isolations.
  return mode.services ? new ServicesEngine(fresh, { binary: mode.engine }) : fresh;
}

/**
 * The engine that removes a run's leftovers (the post step, after the process that judged is gone):
 * the CLI of the engine `engine` names, which finds them by label whichever engine started them.
 */
export function leftoverRemover(engine: string): Pick<ContainerEngine, "removeLabelled"> {
  const cli = new CliEngine({ binary: engine });
  // `isolation: namespace`'s sandboxes are the gate's, not the engine's: found by their records. Only
  // root makes them (namespaceRefusal), so only root has any to remove.
  const root = process.getuid?.() === 0;
  return {
    removeLabelled: async (label) => [
      ...(await cli.removeLabelled(label)),
      ...(root ? await removeNamespaceLabelled(label) : []),
    ],
  };
}

/** What `isolation: namespace` needs of the host, as found. */
export interface NamespaceHost {
  /** The gate's uid. */
  uid: number;
  /** node's name of the host's architecture (process.arch). */
  arch: string;
  /** The first of the tools a sandbox is made with (perl, bwrap) not found, if any. */
  missingTool?: string;
  /** bwrap, run as an unprivileged user, could make its user namespace. */
  userNamespaces: boolean;
  /** The cgroup hierarchy where candidates' cgroups are made is writable. */
  cgroupsWritable: boolean;
  /** containerd's state of docker's containers is on this machine (not so in a container given only the socket). */
  dockerState: boolean;
}

/**
 * Why `isolation: namespace` cannot run here, or undefined when it can. It makes each sandbox on this
 * machine from the config and image docker made here, so docker must be local; root makes the cgroups and
 * mounts, and bwrap, run as the candidate's user, needs unprivileged user namespaces.
 */
export function namespaceRefusal(
  mode: Pick<ModeSettings, "engine">,
  env: NodeJS.ProcessEnv,
  host: NamespaceHost,
): string | undefined {
  const why = "'namespace' runs each candidate in a bubblewrap sandbox on this machine";
  if (mode.engine !== "docker") return `${why}, from a config docker made: it needs engine: docker`;
  const dockerHost = env.DOCKER_HOST?.trim();
  if (dockerHost && !dockerHost.startsWith("unix://"))
    return `${why}, so docker must run here too; DOCKER_HOST is ${dockerHost}. Use isolation: candidate`;
  if (env.DOCKER_CONTEXT && env.DOCKER_CONTEXT !== "default")
    return `${why}, so docker must run here too; DOCKER_CONTEXT is ${env.DOCKER_CONTEXT}. Use isolation: candidate`;
  if (host.uid !== 0)
    return `${why}, whose cgroups and mounts are made as root; the gate runs as uid ${host.uid} (docs/security.md). Use isolation: candidate`;
  if (!SECCOMP_ARCHES.includes(host.arch))
    return `${why}, whose seccomp filter the gate compiles for ${SECCOMP_ARCHES.join(", ")} only; this host is ${host.arch}. Use isolation: candidate`;
  if (host.missingTool)
    return `${why}, and ${host.missingTool} was not found (bwrap comes with bubblewrap, perl with perl-base). Use isolation: candidate`;
  if (!host.cgroupsWritable) return `${why}, and the cgroup filesystem is not writable here. Use isolation: candidate`;
  if (!host.userNamespaces)
    return `${why}, and bwrap could not make a user namespace as an unprivileged user (user.max_user_namespaces, or an AppArmor or kernel restriction). Use isolation: candidate`;
  if (!host.dockerState)
    return `${why} from the config docker made, and docker's container state is not on this machine (${TASK_ROOTS.join(", ")}): is docker remote, or the gate in a container given only its socket? Use isolation: candidate`;
  return undefined;
}

function probeHost(): NamespaceHost {
  const memory = existsSync("/sys/fs/cgroup/memory") ? "/sys/fs/cgroup/memory" : "/sys/fs/cgroup";
  let cgroupsWritable = true;
  try {
    accessSync(memory, constants.W_OK);
  } catch {
    cgroupsWritable = false;
  }
  const tools = findTools();
  const uid = process.getuid?.() ?? -1;
  // The user namespace bwrap makes for every candidate, made once as nobody by the maker every sandbox
  // is made by: refused here, refused there.
  const userNamespaces =
    typeof tools !== "string" &&
    uid === 0 &&
    spawnSync(
      tools.perl,
      makerArgs({
        cgroupProcs: [],
        mounts: [],
        rlimits: [],
        user: { uid: 65534, gid: 65534, groups: [] },
        command: [tools.bwrap, "--unshare-user", "--ro-bind", "/", "/", "true"],
      }),
      { stdio: "ignore", env: { PATH: "/usr/bin:/bin" } },
    ).status === 0;
  return {
    uid,
    arch: process.arch,
    ...(typeof tools === "string" && { missingTool: tools }),
    userNamespaces,
    cgroupsWritable,
    dockerState: TASK_ROOTS.some((root) => existsSync(root)),
  };
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
