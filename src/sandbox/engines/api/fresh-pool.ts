// One fresh container per candidate, as the CLI engine, through the Engine API, with containers created,
// attached and started ahead of need: a warm container's driver waits for its nonce and files on
// stdin, before anything of a candidate exists in it. A candidate takes one, sends them on the attach
// it holds, reads the container to its end, and the container is removed. Each container serves
// exactly one candidate. Should the gate die, the attach closes, the container's stdin with it, and
// a warm container's driver exits instead of waiting forever.
//
// Starting a container is most of its cost (≈ 0.35 s, mostly waiting on runc and the kernel), so doing
// it ahead takes it off the candidate's critical path and lets it overlap with other candidates' runs.
// Per candidate: create, attach and start (ahead), wait, inspect (the engine's OOM verdict), remove
// (after, off the critical path): six calls, five on a kept-alive socket, no CLI process. A container
// without a network is made without docker's network hook, with the name files of one container of the
// run made with it (policy.ts, withoutNetworkHook): one more container a run, kept until close().
// Every container carries the run label and is tracked until removed; close() and abort() remove
// the warm ones too, so nothing outlives the run. Images are the CLI's business (pull, registry
// credentials, listing), so those calls go to the CLI engine.
import type { Socket } from "node:net";
import { PassThrough } from "node:stream";
import type { RunFacts } from "../../../core/model.js";
import type { RunHooks } from "../../engine.js";
import type { SandboxJob } from "../../job.js";
import { oomVerdict } from "../../late-oom.js";
import { type LockDown, type NameFiles, type NameFilesOf, apiCreateConfig, lockDown } from "../../policy.js";
import {
  CANCELLED_BEFORE_START,
  type CliImageCalls,
  CliImages,
  Removals,
  type Opening,
  containerName,
  failedFacts,
  runFacts,
  tracked,
} from "../base.js";
import { engineIsLocal } from "../../cgroup-meter.js";
import { captureStream } from "./attach.js";
import { type EngineApi, FrameReader, STDOUT } from "./engine-api.js";
import { type CheckerProcess, type WarmCheckOptions, type WarmChecker, WarmChecks } from "../../warm-check.js";
import { apiContainerMeter, containerMemory, makeNameFiles, oomEventSeen, removeContainer } from "./container.js";

export interface PoolOptions {
  /** Containers kept created ahead of need; the run's concurrency is a good value. */
  warm: number;
  /** The warm checker's limits (warm-check.ts), or false to run every job's check in its own container. */
  warmCheck?: WarmCheckOptions | false;
}

interface Created {
  name: string;
  /** The engine's id of the container, which names its cgroup. */
  id?: string;
  /** The attach, held from before the start; set unless `error` is. */
  stream?: Socket;
  /** The engine's refusal (no such image, bad runtime), to report when the container is taken. */
  error?: string;
}

interface State {
  ExitCode?: number;
  OOMKilled?: boolean;
}

export class FreshPoolEngine extends CliImages {
  readonly #api: EngineApi;
  /** Run images are made through it too (ContainerEngine.api). */
  readonly api: EngineApi;
  readonly #warmTarget: number;
  /** Containers being created or ready, by their create config. */
  readonly #warm = new Map<string, Array<Promise<Created>>>();
  /** The config of the container taken last, and how many takes in a row it has been taken (warmsAhead). */
  #lastKey: string | undefined;
  #streak = 0;
  /** Creations in flight, warm or not: close() waits for them so none finishes unseen. */
  readonly #creating = new Set<Promise<Created>>();
  /** Every container created and not yet removed: what close() and abort() must remove. */
  readonly #owned = new Set<string>();
  readonly #removals: Removals;
  /** The containers run on this machine, so their cgroups can be read (clock.ts). */
  readonly #local = engineIsLocal();
  /**
   * The name files the containers without a network bind in place of docker's network hook (policy.ts), made
   * once, by the container `#namesHolder`, which is kept until close(); undefined: docker's own set-up.
   */
  #names: Promise<NameFiles | undefined> | undefined;
  /** The name files once made: until then a container is made with docker's own set-up (#namesOrHook). */
  #namesMade: NameFiles | undefined;
  #namesHolder: string | undefined;
  /** Parse checks kept warm (warm-check.ts), each checker in a container of its own. */
  readonly #checks: WarmChecks;

  constructor(api: EngineApi, cli: CliImageCalls, options: PoolOptions) {
    super(cli);
    this.#api = api;
    this.api = api;
    this.#removals = new Removals((name) => removeContainer(api, name));
    this.#warmTarget = Math.max(0, options.warm);
    // A checker's container costs what about eight of the interpreters it saves do (its start is dockerd's,
    // runc's and a shim's): started for a lock-down from its ninth job (a reply set, an agent loop's turns),
    // never for a commit's few SWE-bench lines.
    const warmCheck = options.warmCheck === false ? false : { startAfter: 8, ...options.warmCheck };
    this.#checks = new WarmChecks((policy) => this.#checkerProcess(policy), warmCheck);
  }

  protected async runOpened(given: SandboxJob, hooks: RunHooks, { nonce, input }: Opening): Promise<RunFacts> {
    const job = await this.#checks.checked(given);
    const container = await this.#take(job);
    hooks.onContainer?.(container.name);
    if (container.error !== undefined) return failedFacts(`the sandbox did not start: ${container.error}`);
    if (this.aborted) {
      this.#discard(container);
      return failedFacts(CANCELLED_BEFORE_START);
    }
    try {
      return await this.#attached(container, job, input, nonce);
    } catch (error) {
      return failedFacts(`the sandbox failed: ${(error as Error).message}`);
    } finally {
      this.#remove(container.name);
    }
  }

  async #attached(
    { name, id, stream }: Created,
    job: SandboxJob,
    input: Uint8Array[],
    nonce: string,
  ): Promise<RunFacts> {
    const outcome = await captureStream({
      stream: stream!,
      input,
      job,
      nonce,
      meter: apiContainerMeter(this.#api, { name, id, fresh: true }, this.#local, job.limits.runtime),
      kill: () => this.#kill(name),
      memory: () => containerMemory(this.#api, name),
    });
    // `not-running` after the stream ended: the exit may lag the stream by a moment, never precede the call.
    const exit = await this.#call<{ StatusCode: number }>(
      "POST",
      `/containers/${name}/wait?condition=not-running`,
    ).catch((error: Error) => ({ error }));
    const state = await this.#call<{ State: State }>("GET", `/containers/${name}/json`).then(
      (info): { oomKilled: boolean; error?: string } => ({ oomKilled: info.State.OOMKilled === true }),
      (error: Error) => ({ oomKilled: false, error: error.message }),
    );
    const exitCode = "StatusCode" in exit ? exit.StatusCode : null;
    const ending = {
      exitCode,
      killedByUs: outcome.timedOut || outcome.stalled || outcome.busy || this.aborted,
      oomKilled: state.oomKilled,
    };
    const oomKilled = await oomVerdict(ending, () => oomEventSeen(this.#api, name));
    const stateError = "error" in exit ? exit.error.message : state.error;
    return runFacts("the container", job, outcome, {
      exitCode,
      oomKilled,
      aborted: this.aborted,
      ...(stateError === undefined ? {} : { stateError }),
    });
  }

  /**
   * A checker's container, made as a candidate's is (the same config, the checker in place of the driver),
   * its stdout and stderr apart from the attach's frames; removed once its attach closes.
   */
  async #checkerProcess(policy: LockDown): Promise<CheckerProcess | undefined> {
    if (this.aborted) return undefined;
    const created = await this.#create(apiCreateConfig(policy, this.#namesOrHook(policy)));
    const { name, stream } = created;
    if (created.error !== undefined || !stream) {
      this.#discard(created);
      return undefined;
    }
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const frames = new FrameReader((id, payload) => (id === STDOUT ? stdout : stderr).write(payload));
    stream.on("data", (chunk: Buffer) => frames.push(chunk));
    stream.on("error", () => {});
    const exited = new Promise<void>((resolve) =>
      stream.once("close", () => {
        stdout.end();
        stderr.end();
        this.#remove(name);
        resolve();
      }),
    );
    return {
      stdin: stream,
      stdout,
      stderr,
      exited,
      kill: () => {
        void this.#kill(name);
        stream.destroy();
      },
    };
  }

  /** The warm checkers' counts (warm-check.ts): for the bench and the tests. */
  get warmCheckCounts(): WarmChecker["counts"] {
    return this.#checks.counts;
  }

  /** A warm container made for the same config, or a new one; then one more is made for the next candidate. */
  async #take(job: SandboxJob): Promise<Created> {
    const policy = lockDown(job);
    const config = apiCreateConfig(policy, policy.network === "none" ? this.#namesOrHook(policy) : undefined);
    // The same lock-down with or without docker's hook: a warm one made before the name files were is taken.
    const key = JSON.stringify(apiCreateConfig(policy));
    const queue = this.#warm.get(key) ?? [];
    this.#warm.set(key, queue);
    const warm = queue.shift();
    this.#streak = this.#lastKey === key ? this.#streak + 1 : 1;
    this.#lastKey = key;
    if (warmsAhead(this.#streak, this.#warmTarget)) this.#refill(key, config);
    else this.#dropOthers(key);
    // A warm one that failed may have failed for a reason gone by now: one fresh try.
    return warm ? warm.then((c) => (c.error === undefined ? c : this.#create(config))) : this.#create(config);
  }

  /**
   * The name files of the run's containers without a network, made on first need from `policy`'s image
   * (any image's do: docker writes them, not the image); its run images' setups bind them too. A property,
   * so it can be handed on without its engine.
   */
  readonly nameFiles: NameFilesOf = (policy) => {
    if (this.#names === undefined) {
      const name = containerName();
      this.#owned.add(name);
      this.#namesHolder = name;
      // It only has to start once for docker to write the files: its command does nothing.
      const config = apiCreateConfig({ ...policy, argv: ["sh", "-c", "exit 0"] });
      this.#names = makeNameFiles(this.#api, name, config).then(
        (names) => (this.#namesMade = names),
        () => undefined,
      );
    }
    return this.#names;
  };

  /**
   * The name files if made, and their making started if not: the first candidates do not wait for it
   * (create, start, wait and inspect of the holder: ≈ 0.65 s on a host with page-table isolation), they get
   * docker's own set-up, the same lock-down at the hook's cost.
   */
  #namesOrHook(policy: LockDown): NameFiles | undefined {
    void this.nameFiles(policy);
    return this.#namesMade;
  }

  /** Tops up the warm containers of the config in use; those of other configs are dropped. */
  #refill(key: string, config: Record<string, unknown>): void {
    this.#dropOthers(key);
    const queue = this.#warm.get(key)!;
    while (!this.aborted && queue.length < this.#warmTarget) queue.push(this.#create(config));
  }

  /** Drops the warm containers of every config but `key`'s. */
  #dropOthers(key: string): void {
    for (const [other, queue] of this.#warm) {
      if (other === key) continue;
      for (const stale of queue.splice(0)) void stale.then((c) => this.#discard(c));
      this.#warm.delete(other);
    }
  }

  #create(config: Record<string, unknown>): Promise<Created> {
    const name = containerName();
    this.#owned.add(name);
    const creation = (async (): Promise<Created> => {
      const created: Created = { name };
      try {
        const made = await this.#call<{ Id?: string }>("POST", `/containers/create?name=${name}`, config);
        if (typeof made?.Id === "string") created.id = made.Id;
        // Attached before the start, so nothing the container writes is lost.
        created.stream = await this.#api.hijack(`/containers/${name}/attach?stream=1&stdin=1&stdout=1&stderr=1`);
        await this.#call("POST", `/containers/${name}/start`);
      } catch (error) {
        // A create that failed half-way may still have left the container.
        this.#discard(created);
        return { name, error: (error as Error).message };
      }
      // Made after an abort asked for it: nobody will take it.
      if (this.aborted) this.#discard(created);
      return created;
    })();
    return tracked(this.#creating, creation);
  }

  /** A container no candidate will use: its attach closed, the container removed. */
  #discard(container: Created): void {
    container.stream?.destroy();
    this.#remove(container.name);
  }

  /** Kills by name; a container already gone is not an error. */
  async #kill(name: string): Promise<void> {
    await this.#call("POST", `/containers/${name}/kill`).catch(() => {});
  }

  /** Removes a container off the critical path; close() waits for it. */
  #remove(name: string): void {
    this.#removals.remove(name, () => this.#owned.delete(name));
  }

  /** Removes the warm containers and waits for every removal; returns the removals that failed. */
  async close(): Promise<string[]> {
    // Its stdin closed, a checker exits and its container is removed.
    await this.#checks.close();
    const warm = [...this.#warm.values()].flat();
    this.#warm.clear();
    for (const created of await Promise.all(warm)) this.#discard(created);
    // No candidate's container is made any more to bind them: the name files go with their holder. A run
    // after close() (the engine stays usable) makes them again.
    const holder = this.#namesHolder;
    if (holder !== undefined) {
      await this.#names;
      this.#names = this.#namesMade = this.#namesHolder = undefined;
      this.#remove(holder);
    }
    return this.#removals.settle(() => [...this.#creating]);
  }

  /** Refuses new runs and removes every container of ours, running or warm; returns their names. */
  async abort(): Promise<string[]> {
    this.aborted = true;
    const names = [...this.#owned];
    for (const name of names) this.#remove(name);
    await this.close();
    return names;
  }

  #call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    return this.#api.call<T>(method, path, body);
  }
}

/**
 * Whether to start containers ahead for the config just taken `streak` times in a row: only once it has been
 * taken more than twice the `warm` target in a row. The config holds the command and the tree's directory, so
 * a dataset whose every line has its own (each SWE-bench line names its test files) would otherwise start
 * `warm` containers per candidate only to drop them at the next: three containers a candidate instead of
 * one. A run of a few lines each (k samples of each task) drops up to `warm` at the end of each group, which a
 * short group does not pay back: measured on the bench's boltons tasks (3-4 lines a command, 19 lines), warming
 * on the first repeat made 31 containers for 19 candidates. Candidates that share a config (replies, an agent
 * loop's turns) find warm ones from the first past that.
 */
export function warmsAhead(streak: number, warm: number): boolean {
  return warm > 0 && streak > 2 * warm;
}
