// The `services` input, read: one service a line, `NAME=IMAGE` or `NAME=IMAGE -- ARGS`. Pure; how the
// services run is sandbox/services.ts's.
import { InputError } from "../core/errors.js";
import type { EngineKind, Isolation, ServiceSpec } from "../core/model.js";

/**
 * Each service's own limits, fixed: a service is not the candidate, and its needs are the image's
 * (PostgreSQL's defaults, shared_buffers 128 MB and its workers, fit well within them), not the test's.
 * Here, not in sandbox/services.ts, since the run's concurrency is fitted to the memory they take too.
 */
export const SERVICE_LIMITS = { memoryBytes: 512 * 1024 * 1024, cpus: 1, pidsLimit: 256 } as const;

/** The memory one sandbox run takes with its services: what the concurrency is fitted to. */
export function runMemoryBytes(sandboxBytes: number, services: readonly ServiceSpec[]): number {
  return sandboxBytes + services.length * SERVICE_LIMITS.memoryBytes;
}

/**
 * A DNS label, lower case: the name is the service's host name on its network (a network alias), and a
 * resolver lower-cases what it is asked, so `Redis` would answer to `redis` and two such names collide.
 */
const NAME = /^[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** The word where the image ends and its arguments begin. */
const ARGS_MARK = "--";

/** The input's text → the services, in order; a bad line is one error naming the input, the line and why. */
export function parseServices(value: string): ServiceSpec[] {
  const services: ServiceSpec[] = [];
  value.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === "") return;
    const bad = (why: string) => new InputError("services", `line ${index + 1} '${line}': ${why}`);
    const equals = line.indexOf("=");
    if (equals === -1) throw bad("is not NAME=IMAGE (optionally followed by ' -- ARGS')");
    const name = line.slice(0, equals).trim();
    const rest = line.slice(equals + 1).trim();
    // Arguments are split on white space, as written, without a shell's quoting.
    const words = rest.split(/\s+/).filter(Boolean);
    const mark = words.indexOf(ARGS_MARK);
    const before = mark === -1 ? words : words.slice(0, mark);
    const args = mark === -1 ? [] : words.slice(mark + 1);
    const image = before[0] ?? "";
    if (!NAME.test(name))
      throw bad(`the name '${name}' is not a host name (a-z, 0-9 and '-', starting with a letter, at most 63)`);
    if (image === "") throw bad("names no image");
    if (before.length > 1)
      throw bad(`'${before.join(" ")}' is not one image name; put the container's arguments after ' -- '`);
    if (image.startsWith("-")) throw bad(`'${image}' is not an image name`);
    if (mark !== -1 && args.length === 0) throw bad("has ' -- ' but no arguments after it");
    if (services.some((service) => service.name === name)) throw bad(`the name '${name}' is taken by an earlier line`);
    services.push({ name, image, args });
  });
  return services;
}

/**
 * Services are started per candidate beside its own container; a mode without a container per
 * candidate cannot give that, so it is refused rather than run without them. So is podman: its internal
 * network keeps a gateway address on the host, and the bridge option that takes it away (docker's
 * inhibit_ipv4, sandbox/services.ts) is not podman's, so the host would be reachable from the sandbox.
 */
export function servicesRefusal(engine: EngineKind, isolation: Isolation): string | undefined {
  if (engine === "podman")
    return "needs engine: docker (podman's internal networks leave the host reachable from the sandbox)";
  if (isolation === "run")
    return "cannot be combined with isolation: run (one container serves many candidates, so their services could not be fresh for each); use isolation: candidate";
  if (isolation === "namespace")
    return "cannot be combined with isolation: namespace (its sandboxes have no network to join a service's); use isolation: candidate";
  return undefined;
}
