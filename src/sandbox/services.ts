// `services`: containers a test suite talks to (a database, a cache), started fresh beside every sandbox
// run, the base's included, and removed after it. Each run gets a network of its own, made `--internal`
// (no route out, nor to another run's network), on which its services answer to their names; the
// sandbox joins that network alone, with every other flag of its lock-down as ever. A service that exits
// or never accepts connections ends the run as our failure, with its log.
//
// Readiness without knowing the protocol: a service is ready when every TCP port its image EXPOSEs (any
// port, when it EXPOSEs none) is listening on an address the sandbox can reach (not loopback), as the
// kernel's own table of sockets says: /proc/net/tcp and tcp6 of the service's network namespace, read
// by a probe container that shares that namespace. The probe is made of the sandbox's image and uses
// nothing but its `sh` (which the driver needs anyway), never the service's image, which may have no shell at all (distroless,
// scratch), and nothing is run inside the service's container. A listening socket is one the kernel
// completes connections to, so this is "accepts connections" without sending a byte any protocol could
// take for a client; a listener on 127.0.0.1 only (which the sandbox could never reach) is not ready.
//
// The services and their networks carry the run's labels, so the cleanup by label (the post step, a
// cancel) finds them as it finds the sandboxes (cli-engine.ts removes labelled networks after containers).
import { setTimeout as sleep } from "node:timers/promises";
import { randomBytes } from "node:crypto";
import type { RunFacts, ServiceSpec } from "../core/model.js";
import { cli, describeFailure, type CliResult } from "./cli-command.js";
import { type ContainerEngine, type RunHooks } from "./engine.js";
import { type SandboxJob, withOwner } from "./job.js";
import { CANCELLED_BEFORE_START, Removals, failedFacts } from "./engines/base.js";
import { SANDBOX_USER } from "./policy.js";
import { SERVICE_LIMITS } from "../settings/services-setting.js";

/** How long a service may take to accept connections (a database's first start initialises its files). */
export const SERVICE_READY_TIMEOUT_MS = 60_000;
/** How often readiness is looked at. */
const READY_POLL_MS = 100;
/** The lines of a failed service's log that go into the message. */
const LOG_LINES = 40;
/** Marks a service's and a probe's container, beside the run's labels, so a reader can tell them from sandboxes. */
export const SERVICE_LABEL = "io.github.sandbox-gate.service";
/**
 * The capabilities a service keeps: what database images' entry points use to make their data
 * directory theirs and step down to their own user (chown, then gosu/su-exec). The rest (raw sockets,
 * mknod, chroot, …) go, and no-new-privileges holds: the candidate talks to the service, and a service
 * it could break into must be no stronger than it needs to be.
 */
const SERVICE_CAPS = ["CHOWN", "DAC_OVERRIDE", "FOWNER", "SETGID", "SETUID"];

/** A fresh name for a run's network or one of its containers. */
function freshName(kind: string): string {
  return `sandbox-gate-${kind}-${randomBytes(6).toString("hex")}`;
}

/** `--label` flags of the job's labels (with the owner's), and the service mark. */
function labelFlags(labels: Record<string, string>, service: string): string[] {
  return Object.entries({ ...withOwner(labels), [SERVICE_LABEL]: service }).flatMap(([key, value]) => [
    "--label",
    `${key}=${value}`,
  ]);
}

/**
 * `network create`: internal, labelled as the run's containers are. `--internal` alone drops what is
 * forwarded out, but the bridge still holds the gateway's address on the host, where a sandbox reaches
 * every service the host listens on (measured: Docker 20.10, a host port on 0.0.0.0 answered). With
 * inhibit_ipv4 the bridge has no address: the containers on it reach each other and nothing else.
 */
export function networkCreateArgs(network: string, labels: Record<string, string>): string[] {
  return [
    "network",
    "create",
    "--internal",
    ...["--opt", "com.docker.network.bridge.inhibit_ipv4=true"],
    ...labelFlags(labels, "network"),
    "--",
    network,
  ];
}

/** `run` of one service: detached, on the run's network under its name, within its own limits. */
export function serviceRunArgs(
  service: ServiceSpec,
  container: string,
  network: string,
  labels: Record<string, string>,
): string[] {
  const { memoryBytes, cpus, pidsLimit } = SERVICE_LIMITS;
  return [
    "run",
    "--detach",
    ...["--name", container],
    ...labelFlags(labels, service.name),
    // Made ready before the first run, as the sandbox's image is (run/pipeline.ts); a run never pulls.
    ...["--pull", "never"],
    ...["--network", network],
    ...["--network-alias", service.name],
    ...["--memory", String(memoryBytes)],
    ...["--memory-swap", String(memoryBytes)],
    ...["--cpus", String(cpus)],
    ...["--pids-limit", String(pidsLimit)],
    ...["--cap-drop", "ALL"],
    ...SERVICE_CAPS.flatMap((cap) => ["--cap-add", cap]),
    ...["--security-opt", "no-new-privileges"],
    "--",
    service.image,
    ...service.args,
  ];
}

/**
 * `run` of the probe: the sandbox's image in the service's network namespace (`serviceContainer`), locked
 * down and idle (its shell waits on a stdin kept open and never written), so each look is one `exec`.
 */
export function probeRunArgs(
  image: string,
  container: string,
  serviceContainer: string,
  labels: Record<string, string>,
): string[] {
  return [
    "run",
    "--detach",
    "--interactive",
    ...["--name", container],
    ...labelFlags(labels, "probe"),
    ...["--pull", "never"],
    ...["--network", `container:${serviceContainer}`],
    ...["--log-driver", "none"],
    ...["--memory", String(32 * 1024 * 1024)],
    ...["--pids-limit", "8"],
    "--read-only",
    ...["--cap-drop", "ALL"],
    ...["--security-opt", "no-new-privileges"],
    ...["--user", SANDBOX_USER],
    "--",
    image,
    ...["sh", "-c", "read -r never"],
  ];
}

/**
 * What a look at the probe runs: the namespace's TCP sockets, IPv4 then IPv6 (absent without IPv6),
 * with the shell's builtins alone, so an image with no `cat` still serves.
 */
export const PROBE_LOOK = [
  "sh",
  "-c",
  'for f in /proc/net/tcp /proc/net/tcp6; do [ -r "$f" ] || continue; while IFS= read -r l; do echo "$l"; done < "$f"; done',
];

/** The TCP ports the image EXPOSEs, from `image inspect`'s `.Config.ExposedPorts` as JSON (`{"6379/tcp": {}}`). */
export function exposedTcpPorts(json: string): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (parsed === null || typeof parsed !== "object") return [];
  return Object.keys(parsed)
    .map((key) => /^(\d+)(?:\/tcp)?$/.exec(key))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);
}

/** The kernel's state of a listening socket in /proc/net/tcp. */
const LISTEN = "0A";

/** Whether /proc/net/tcp's hex local address is a loopback one (127/8, ::1, ::ffff:127/104). */
function isLoopback(hexAddress: string): boolean {
  const address = hexAddress.toUpperCase();
  // IPv4 is written as a little-endian word: 127.0.0.1 is 0100007F, its first byte last.
  if (address.length === 8) return address.endsWith("7F");
  if (address === "00000000000000000000000001000000") return true;
  // ::ffff:a.b.c.d: the IPv4 address is the last word.
  return address.startsWith("0000000000000000FFFF0000") && address.endsWith("7F");
}

/** The ports listening on an address other than loopback, from /proc/net/tcp and tcp6 text. */
export function reachableListeners(procNetTcp: string): Set<number> {
  const ports = new Set<number>();
  for (const line of procNetTcp.split("\n")) {
    const fields = line.trim().split(/\s+/);
    // sl, local_address, rem_address, st, …; the header's second field is not ADDRESS:PORT.
    const local = /^([0-9A-Fa-f]+):([0-9A-Fa-f]{4})$/.exec(fields[1] ?? "");
    if (!local || fields[3]?.toUpperCase() !== LISTEN || isLoopback(local[1]!)) continue;
    ports.add(parseInt(local[2]!, 16));
  }
  return ports;
}

/** Ready: every exposed port listens where the sandbox can reach it; with none exposed, any port does. */
export function isReady(exposed: readonly number[], listening: ReadonlySet<number>): boolean {
  return exposed.length === 0 ? listening.size > 0 : exposed.every((port) => listening.has(port));
}

/** What readiness waits for, in a message: the exposed ports, or any. */
export function waitedFor(exposed: readonly number[]): string {
  return exposed.length === 0
    ? "a TCP port (its image EXPOSEs none)"
    : `TCP port${exposed.length > 1 ? "s" : ""} ${exposed.join(", ")}`;
}

export interface ServicesOptions {
  /** The CLI of the engine (`docker`, `podman`): services are started through it whichever engine runs sandboxes. */
  binary: string;
  /** How long a service may take to accept connections. */
  readyTimeoutMs?: number;
}

/** One run's services, as started: what its removal needs. */
interface Started {
  network: string;
  /** Service and probe containers, in the order they were made. */
  containers: string[];
  /** The sandbox's container, once the engine named it: disconnected from the network before its removal. */
  sandbox?: string;
}

/**
 * Any engine, with `services`: a job that names services gets them, fresh, on a network of its own, and
 * the sandbox joins that network; a job without runs as it would. Removal follows each run off its
 * critical path (close() waits for it); abort() removes what runs in flight have started.
 */
export class ServicesEngine implements ContainerEngine {
  readonly #inner: ContainerEngine;
  readonly #binary: string;
  readonly #readyTimeoutMs: number;
  /** Runs' services not yet removed, by network. */
  readonly #started = new Map<string, Started>();
  readonly #removals = new Removals((network) => this.#removeSet(network));
  /** Exposed ports per image, read once. */
  readonly #exposed = new Map<string, Promise<number[]>>();
  #aborted = false;

  /** The wrapped engine's (ContainerEngine.api). */
  get api(): ContainerEngine["api"] {
    return this.#inner.api;
  }

  constructor(inner: ContainerEngine, options: ServicesOptions) {
    this.#inner = inner;
    this.#binary = options.binary;
    this.#readyTimeoutMs = options.readyTimeoutMs ?? SERVICE_READY_TIMEOUT_MS;
  }

  async run(job: SandboxJob, hooks: RunHooks = {}): Promise<RunFacts> {
    if (!job.services || job.services.length === 0) return this.#inner.run(job, hooks);
    if (this.#aborted) return failedFacts(CANCELLED_BEFORE_START);
    const network = freshName("net");
    const started: Started = { network, containers: [] };
    this.#started.set(network, started);
    try {
      const problem = await this.#start(job, job.services, started);
      if (problem !== undefined) return failedFacts(problem);
      if (this.#aborted) return failedFacts(CANCELLED_BEFORE_START);
      return await this.#inner.run(
        { ...job, network },
        {
          ...hooks,
          onContainer: (name) => {
            started.sandbox = name;
            hooks.onContainer?.(name);
          },
        },
      );
    } finally {
      this.#removals.remove(network);
    }
  }

  /** The network, then each service with its readiness; our failure's message, or undefined when all are ready. */
  async #start(job: SandboxJob, services: readonly ServiceSpec[], started: Started): Promise<string | undefined> {
    const made = await this.#cli(networkCreateArgs(started.network, job.labels));
    if (made.code !== 0) return `the services' network could not be made: ${describeFailure(made)}`;
    for (const service of services) {
      if (this.#aborted) return undefined;
      const problem = await this.#startOne(job, service, started);
      if (problem !== undefined) return `service '${service.name}' (${service.image}) ${problem}`;
    }
    return undefined;
  }

  async #startOne(job: SandboxJob, service: ServiceSpec, started: Started): Promise<string | undefined> {
    const container = freshName(`svc-${service.name}`);
    started.containers.push(container);
    const ran = await this.#cli(serviceRunArgs(service, container, started.network, job.labels));
    if (ran.code !== 0) return `did not start: ${describeFailure(ran)}`;
    const exposed = await this.#exposedPorts(service.image);
    const probe = freshName(`probe-${service.name}`);
    started.containers.push(probe);
    const probing = await this.#cli(probeRunArgs(job.image, probe, container, job.labels));
    // A service that exited at once leaves no namespace to join: its exit is what to say.
    if (probing.code !== 0)
      return (await this.#exited(container)) ?? `could not be probed for readiness: ${describeFailure(probing)}`;
    const deadline = Date.now() + this.#readyTimeoutMs;
    for (;;) {
      if (this.#aborted) return undefined;
      const look = await this.#cli(["exec", probe, ...PROBE_LOOK]);
      // tcp6 is absent where IPv6 is off: what was read of tcp still counts.
      if (isReady(exposed, reachableListeners(look.stdout))) return undefined;
      const exited = await this.#exited(container);
      if (exited !== undefined) return exited;
      if (Date.now() > deadline)
        return `did not accept connections on ${waitedFor(exposed)} within ${this.#readyTimeoutMs / 1000} s; its log:\n${await this.#log(container)}`;
      await sleep(READY_POLL_MS);
    }
  }

  /** The message for a service that is no longer running, with its log; undefined while it runs. */
  async #exited(container: string): Promise<string | undefined> {
    const state = await this.#cli(["inspect", "--format", "{{.State.Running}} {{.State.ExitCode}}", container]);
    const [running, exitCode] = state.stdout.trim().split(" ");
    if (state.code !== 0 || running !== "false") return undefined;
    return `exited with code ${exitCode} before accepting connections; its log:\n${await this.#log(container)}`;
  }

  #exposedPorts(image: string): Promise<number[]> {
    let ports = this.#exposed.get(image);
    if (!ports) {
      ports = this.#cli(["image", "inspect", "--format", "{{json .Config.ExposedPorts}}", "--", image]).then(
        (result) => (result.code === 0 ? exposedTcpPorts(result.stdout.trim()) : []),
      );
      this.#exposed.set(image, ports);
    }
    return ports;
  }

  /** The service's last lines of output, stdout and stderr together. */
  async #log(container: string): Promise<string> {
    const log = await this.#cli(["logs", "--tail", String(LOG_LINES), container]);
    const text = `${log.stdout}${log.stderr}`.trimEnd();
    return text === "" ? "(empty)" : text;
  }

  /**
   * A run's services and network. The sandbox's container is removed by its engine off the critical path,
   * maybe not yet: it is disconnected first, since a network with a container on it cannot go.
   */
  async #removeSet(network: string): Promise<void> {
    const started = this.#started.get(network);
    if (!started) return;
    if (started.containers.length > 0) {
      const removed = await this.#cli(["rm", "-f", "-v", ...started.containers]);
      if (removed.code !== 0 && !/no such container/i.test(removed.stderr)) throw new Error(describeFailure(removed));
    }
    if (started.sandbox !== undefined) await this.#cli(["network", "disconnect", "--force", network, started.sandbox]);
    const gone = await this.#cli(["network", "rm", network]);
    if (gone.code !== 0 && !/not found|no such network/i.test(gone.stderr)) throw new Error(describeFailure(gone));
    this.#started.delete(network);
  }

  #cli(args: string[]): Promise<CliResult> {
    return cli(this.#binary, args);
  }

  hasImage(image: string): Promise<boolean> {
    return this.#inner.hasImage(image);
  }

  pull(image: string): Promise<void> {
    return this.#inner.pull(image);
  }

  removeLabelled(label: string): Promise<string[]> {
    return this.#inner.removeLabelled(label);
  }

  /** The sandboxes' removals, then the services'; returns the failures of both. */
  async close(): Promise<string[]> {
    const sandboxes = await this.#inner.close();
    return [...sandboxes, ...(await this.#removals.settle())];
  }

  /** Ends the runs in flight (their sandboxes first: a network cannot go while one is on it), then every run's services. */
  async abort(): Promise<string[]> {
    this.#aborted = true;
    const sandboxes = await this.#inner.abort();
    const networks = [...this.#started.keys()];
    for (const network of networks) this.#removals.remove(network);
    await this.#removals.settle();
    return [...sandboxes, ...networks];
  }
}
