// `isolation: run`, for trusted evaluation runs: one locked-down container serves many candidates of
// the run, one after another, each through `docker exec` (docs/isolation.md says why this is weaker).
//
// The container is the pool's (same flags, same run label) but its main process is a sleeper under
// docker-init, running as another uid than the candidates, so no candidate can signal it. Each
// candidate's exec first resets the container: every process of the candidates' uid but itself is
// killed until none is left, the work dir, /tmp, /dev/shm, POSIX queues and System V IPC are emptied,
// and the reset checks all of it, then the usual driver runs (nonce, files, check, command). A reset
// that fails, a timeout (the container is killed by name), an OOM kill (the engine's `oom` event) or a
// container that died retires the container; the next candidate gets a fresh one.
import { setTimeout as sleep } from "node:timers/promises";
import type { RunFacts } from "../../../core/model.js";
import { driverAfter, driverArgv, driverCommand } from "../../driver.js";
import type { RunHooks } from "../../engine.js";
import type { SandboxJob } from "../../job.js";
import { couldBeLateOom } from "../../late-oom.js";
import { SANDBOX_USER, WORKDIR, apiCreateConfig, lockDown } from "../../policy.js";
import {
  type CliImageCalls,
  CliImages,
  Removals,
  type Opening,
  containerName,
  failedFacts,
  runFacts,
} from "../base.js";
import { engineIsLocal } from "../../cgroup-meter.js";
import { captureStream } from "./attach.js";
import type { EngineApi } from "./engine-api.js";
import { apiContainerMeter, containerMemory, removeContainer } from "./container.js";

/** The container's own processes (docker-init, the sleeper): not the candidates' uid, so out of their reach. */
export const KEEPER_USER = "65533:65533";
/** Exit code of a reset that could not clear the container. */
const RESET_FAILED = 125;
/** How long an exit by SIGKILL waits for the engine's `oom` event, in case it comes after the exit's. */
const OOM_EVENT_GRACE_MS = 500;
const OOM_POLL_MS = 20;

// Runs as the candidates' uid before the driver, as a function so the driver's parameters stay intact.
// `kill -9 -1` reaches every process this uid owns except the caller (and PID 1, which is not ours);
// a process forked meanwhile is caught by the next round. Killed processes are reaped by docker-init.
// Builtins only, but for rm (and chmod, ipcrm when there is something for them): it runs per candidate.
export const RESET = String.raw`reset() {
  cd / || return 1
  rounds=0
  while :; do
    kill -9 -1 2>/dev/null
    left=
    for p in /proc/[0-9]*; do
      [ "$p" = "/proc/$$" ] && continue
      [ -O "$p" ] && left="$p" && break
    done
    [ -z "$left" ] && break
    rounds=$((rounds + 1))
    [ "$rounds" -lt 200 ] || { echo "sandbox-gate: $left of an earlier candidate survives the reset" >&2; return 1; }
    sleep 0.01
  done
  cleared=
  for ipc in /proc/sysvipc/shm /proc/sysvipc/sem /proc/sysvipc/msg; do
    # gVisor lists no System V IPC in /proc: there ipcrm clears what it can, unchecked.
    [ -r "$ipc" ] || { [ -n "$cleared" ] || ipcrm -a 2>/dev/null; cleared=1; continue; }
    { read -r header; ! read -r object; } < "$ipc" && continue
    ipcrm -a 2>/dev/null
    { read -r header; ! read -r object; } < "$ipc" || { echo "sandbox-gate: System V IPC of an earlier candidate remains ($ipc)" >&2; return 1; }
  done
  set -- /work/* /work/.[!.]* /work/..?* /tmp/* /tmp/.[!.]* /tmp/..?* /dev/shm/* /dev/shm/.[!.]* /dev/shm/..?* /dev/mqueue/*
  for entry; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    # A directory the candidate made unreadable is made readable again, then everything goes.
    rm -rf "$@" 2>/dev/null || { chmod -R u+rwx "$@" 2>/dev/null; rm -rf "$@" 2>/dev/null; }
    break
  done
  for entry in /work/* /work/.[!.]* /work/..?* /tmp/* /tmp/.[!.]* /tmp/..?* /dev/shm/* /dev/shm/.[!.]* /dev/shm/..?* /dev/mqueue/*; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    echo "sandbox-gate: $entry of an earlier candidate remains" >&2
    return 1
  done
  cd ${WORKDIR}
}
reset || exit ${RESET_FAILED}
`;

// The command runs as the driver's child here, so that once it exits the driver ends whatever it left
// behind: a daemonized child holding stdout would otherwise hold the exec open (containerd waits for
// the exec's stdio). Nothing is lost by the driver outliving the run marker: the nonce only guards
// the phases before it.
const SHARED_DRIVER = driverAfter("kill -9 -1 2>/dev/null\n");

/** The exec's argv: the reset, then the driver, with the driver's parameters. */
export function execArgv(
  command: string,
  check?: readonly string[],
  tree?: string,
  results?: readonly string[],
  guard?: string,
): string[] {
  const [sh, flag, driver, ...parameters] = driverArgv(command, check, tree, results, SHARED_DRIVER, guard);
  return [sh!, flag!, `${RESET}${driver!}`, ...parameters];
}

interface Shared {
  name: string;
  /** The engine's id of the container, which names its cgroup: each exec's clock reads it (clock.ts). */
  id?: string;
  key: string;
  /** The engine's `oom` events for this container so far. */
  ooms: number;
  dead: boolean;
  /** Retired (removed, its events closed): no event of it comes any more. */
  retired?: boolean;
  /** Execs in flight: called with the exit code of their `exec_die` event, or null when the container died. */
  exits: Map<string, (code: number | null) => void>;
  events?: { close: () => void };
  error?: string;
}

interface EngineEvent {
  Action?: string;
  Actor?: { Attributes?: { execID?: string; exitCode?: string } };
}

type ExecOutcome = { facts: RunFacts; keep: boolean; retry: boolean };

export class SharedEngine extends CliImages {
  readonly #api: EngineApi;
  /** Run images are made through it too (ContainerEngine.api). */
  readonly api: EngineApi;
  /** Containers between candidates, by config. */
  readonly #idle = new Map<string, Shared[]>();
  /** Every container of ours, idle or busy, until removed. */
  readonly #all = new Set<Shared>();
  readonly #removals: Removals;
  /** The containers run on this machine, so their cgroups can be read (clock.ts). */
  readonly #local = engineIsLocal();

  constructor(api: EngineApi, cli: CliImageCalls) {
    super(cli);
    this.#api = api;
    this.api = api;
    this.#removals = new Removals((name) => removeContainer(api, name));
  }

  protected async runOpened(job: SandboxJob, hooks: RunHooks, { nonce, input }: Opening): Promise<RunFacts> {
    // The reset between candidates empties WORKDIR; an image's own work dir (SWE-bench's /testbed) would
    // keep one candidate's files for the next: refused, as our limit, never the candidate's.
    if (job.workdir !== undefined && job.workdir !== WORKDIR)
      return failedFacts(
        `isolation: run cannot use the work dir ${job.workdir} of a line's image_workdir; use isolation: candidate`,
      );
    // A used container that cannot take the candidate (its reset failed, it stopped) is replaced by a
    // fresh one, once.
    for (let attempt = 1; ; attempt++) {
      const shared = await this.#acquire(job);
      hooks.onContainer?.(shared.name);
      if (shared.error !== undefined) {
        this.#retire(shared);
        return failedFacts(`the sandbox did not start: ${shared.error}`);
      }
      let outcome: ExecOutcome;
      try {
        outcome = await this.#exec(shared, job, input, nonce);
      } catch (error) {
        // Only the exec's creation and start throw: nothing of the candidate ran yet.
        outcome = { facts: failedFacts(`the sandbox failed: ${(error as Error).message}`), keep: false, retry: true };
      }
      if (outcome.keep && !this.aborted) this.#idle.get(shared.key)!.push(shared);
      else this.#retire(shared);
      // After an abort no fresh container follows: a removed one is no failed reset.
      if (!outcome.retry || attempt > 1 || this.aborted) return outcome.facts;
    }
  }

  async #exec(shared: Shared, job: SandboxJob, input: Uint8Array[], nonce: string): Promise<ExecOutcome> {
    const { name } = shared;
    const exec = await this.#api.call<{ Id: string }>("POST", `/containers/${name}/exec`, {
      AttachStdin: true,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
      User: SANDBOX_USER,
      WorkingDir: WORKDIR,
      Cmd: execArgv(driverCommand(job), job.check, job.tree, job.results, job.guard),
    });
    const oomsBefore = shared.ooms;
    let killed = false;
    // The engine's events say when the exec ends and with what code: no polling.
    const exited = new Promise<number | null>((resolve) => shared.exits.set(exec.Id, resolve));
    // An abort retired the container while the exec was being made: no event will end it, and its stream
    // may never end either (measured: an abort's run then waited for its start-up backstop, 80 s).
    if (shared.retired) throw new Error("the container was removed");
    const stream = await this.#api.hijack(`/exec/${exec.Id}/start`, { Detach: false, Tty: false });
    const outcome = await captureStream({
      stream,
      input,
      job,
      nonce,
      // Only the container's end is sure to end every process of the candidate.
      kill: async () => {
        killed = true;
        await this.#api.call("POST", `/containers/${name}/kill`).catch(() => {});
      },
      memory: () => containerMemory(this.#api, name),
      // One candidate at a time in the container: the counters' growth over its run is its own.
      meter: apiContainerMeter(this.#api, { name, id: shared.id, fresh: false }, this.#local, job.limits.runtime),
      exited,
    });
    shared.exits.delete(exec.Id);
    const exitCode = killed ? 137 : await exited;
    // The engine reports an OOM kill inside a running container as an event, a little after the fact.
    if (couldBeLateOom({ exitCode, killedByUs: killed, oomKilled: shared.ooms > oomsBefore }))
      await this.#waitForOom(shared);
    const oomKilled = shared.ooms > oomsBefore;
    const resetFailed = outcome.phase === "setup" && !killed && (exitCode === RESET_FAILED || exitCode === 137);
    const facts = runFacts("the container", job, outcome, {
      exitCode,
      oomKilled,
      aborted: this.aborted,
      ...(shared.dead && !killed && !oomKilled ? { stateError: "the shared container stopped" } : {}),
    });
    // After a kill, an OOM or a failed reset the container cannot be vouched for: a fresh one follows.
    return {
      facts,
      keep: !killed && !oomKilled && !shared.dead && facts.sandboxError === undefined,
      retry: resetFailed,
    };
  }

  async #waitForOom(shared: Shared): Promise<void> {
    const before = shared.ooms;
    for (let waited = 0; waited < OOM_EVENT_GRACE_MS && shared.ooms === before && !shared.dead; waited += OOM_POLL_MS)
      await sleep(OOM_POLL_MS);
  }

  async #acquire(job: SandboxJob): Promise<Shared> {
    const config = {
      ...apiCreateConfig(lockDown(job)),
      Cmd: ["sleep", "2147483647"],
      User: KEEPER_USER,
      AttachStdin: false,
      AttachStdout: false,
      AttachStderr: false,
      OpenStdin: false,
      StdinOnce: false,
    };
    const key = JSON.stringify(config);
    const idle = this.#idle.get(key) ?? [];
    this.#idle.set(key, idle);
    for (let shared = idle.pop(); shared; shared = idle.pop()) {
      if (!shared.dead) return shared;
      this.#retire(shared);
    }
    return this.#start(key, config);
  }

  async #start(key: string, config: Record<string, unknown>): Promise<Shared> {
    const shared: Shared = { name: containerName(), key, ooms: 0, dead: false, exits: new Map() };
    this.#all.add(shared);
    try {
      const made = await this.#api.call<{ Id?: string }>("POST", `/containers/create?name=${shared.name}`, config);
      if (typeof made?.Id === "string") shared.id = made.Id;
      // Watching before the start: no event of the container's life is missed.
      const filters = encodeURIComponent(
        JSON.stringify({ container: [shared.name], event: ["oom", "die", "exec_die"] }),
      );
      shared.events = await this.#api.lines(
        `/events?filters=${filters}`,
        (value) => this.#event(shared, value as EngineEvent),
        // Without its events the container cannot be judged: it is treated as gone.
        () => this.#event(shared, { Action: "die" }),
      );
      await this.#api.call("POST", `/containers/${shared.name}/start`);
    } catch (error) {
      shared.error = (error as Error).message;
    }
    return shared;
  }

  #event(shared: Shared, event: EngineEvent): void {
    const attributes = event.Actor?.Attributes ?? {};
    if (event.Action === "oom") shared.ooms++;
    else if (event.Action === "exec_die")
      shared.exits.get(attributes.execID ?? "")?.(
        attributes.exitCode === undefined ? null : Number(attributes.exitCode),
      );
    else if (event.Action === "die") {
      shared.dead = true;
      for (const exit of shared.exits.values()) exit(null);
    }
  }

  /** Removes a container off the critical path; close() waits for it. */
  #retire(shared: Shared): void {
    shared.retired = true;
    shared.events?.close();
    // With the events gone, a busy exec would wait for its end forever: the container's end is its end.
    for (const exit of shared.exits.values()) exit(null);
    this.#removals.remove(shared.name, () => this.#all.delete(shared));
  }

  /** Removes the idle containers and waits for every removal; returns the removals that failed. */
  async close(): Promise<string[]> {
    for (const shared of [...this.#idle.values()].flat()) this.#retire(shared);
    this.#idle.clear();
    return this.#removals.settle();
  }

  /** Refuses new runs and removes every container, busy or idle; returns their names. */
  async abort(): Promise<string[]> {
    this.aborted = true;
    const names = [...this.#all].map((shared) => shared.name);
    for (const shared of this.#all) this.#retire(shared);
    this.#idle.clear();
    await this.close();
    return names;
  }
}
