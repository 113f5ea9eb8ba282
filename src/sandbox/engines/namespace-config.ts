// `isolation: namespace`'s lock-down, as docker wrote it: the OCI config of a template container started
// with the policy's own flags (policy.ts, so the lock-down is written once), checked for what `candidate`
// promises, then turned into each candidate's config. Pure functions; the engine (namespace.ts) reads and
// writes the files.

/** The parts of an OCI runtime config (runtime-spec 1.0) this module reads or changes; the rest is kept as docker wrote it. */
export interface OciConfig {
  process: {
    args: string[];
    env?: string[];
    user: { uid: number; gid: number };
    capabilities?: Record<string, string[] | undefined>;
    noNewPrivileges?: boolean;
    [key: string]: unknown;
  };
  root: { path: string; readonly?: boolean };
  mounts?: Array<{ destination: string; type?: string; source?: string; options?: string[] }>;
  hooks?: unknown;
  annotations?: Record<string, string>;
  linux: {
    cgroupsPath?: string;
    namespaces?: Array<{ type: string; path?: string }>;
    seccomp?: { defaultAction?: string; syscalls?: unknown[] };
    resources?: unknown;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** Each candidate's own: none shared with the host, the template or another candidate. */
export const FRESH_NAMESPACES = ["pid", "mount", "network", "ipc", "uts"] as const;

/**
 * Host files docker binds into every container, all read-only: its init (`--init`) and the name
 * service files it writes per container. Any other bind (a shareable /dev/shm, a volume) would be shared
 * by every candidate made from the template.
 */
const DOCKER_BINDS = new Set(["/sbin/docker-init", "/etc/resolv.conf", "/etc/hostname", "/etc/hosts"]);

/**
 * What the template's config lacks of `candidate`'s lock-down, or undefined when it holds all of it:
 * the policy's memory (no swap) and pids limits, a read-only root, a non-root user, no capabilities, no new privileges, a seccomp profile that denies by
 * default, fresh namespaces, no shared writable mount, and the keeper's argv at the end of its args (the
 * place the driver takes).
 */
export function lockDownGap(
  config: OciConfig,
  keeperArgv: readonly string[],
  limits: { memoryBytes: number; pids: number },
): string | undefined {
  const { process: proc, linux } = config;
  const resources = linux.resources as { memory?: { limit?: number; swap?: number }; pids?: { limit?: number } };
  if (resources?.memory?.limit !== limits.memoryBytes || resources.memory.swap !== limits.memoryBytes)
    return `its memory limit is not ${limits.memoryBytes} bytes without swap`;
  if (resources.pids?.limit !== limits.pids) return `its pids limit is not ${limits.pids}`;
  if (config.root?.readonly !== true) return "its root is not read-only";
  if (proc.user.uid === 0 || proc.user.gid === 0) return "it runs as root";
  const caps = Object.entries(proc.capabilities ?? {}).find(([, set]) => (set ?? []).length > 0);
  if (caps) return `it keeps capabilities (${caps[0]}: ${caps[1]!.join(", ")})`;
  if (proc.noNewPrivileges !== true) return "it may gain privileges (no_new_privs is off)";
  const seccomp = linux.seccomp;
  if (!seccomp || !seccomp.defaultAction || /ALLOW|LOG/.test(seccomp.defaultAction))
    return "it has no seccomp profile that denies by default (is docker's seccomp unconfined?)";
  for (const type of FRESH_NAMESPACES) {
    const namespace = (linux.namespaces ?? []).find((ns) => ns.type === type);
    if (!namespace) return `it shares the host's ${type} namespace`;
    if (namespace.path) return `it joins an existing ${type} namespace (${namespace.path})`;
  }
  const shared = (config.mounts ?? []).find(
    (mount) =>
      (mount.type === "bind" || (mount.options ?? []).some((o) => o === "bind" || o === "rbind")) &&
      !DOCKER_BINDS.has(mount.destination),
  );
  if (shared)
    return `it binds ${shared.source ?? "a host path"} at ${shared.destination}, which candidates would share`;
  const binds = (config.mounts ?? []).filter((m) => DOCKER_BINDS.has(m.destination));
  const writable = binds.find((m) => !(m.options ?? []).includes("ro"));
  if (writable) return `its bind of ${writable.destination} is writable`;
  const args = proc.args;
  const tail = args.slice(args.length - keeperArgv.length);
  if (args.length < keeperArgv.length || tail.some((arg, i) => arg !== keeperArgv[i]))
    return `its command ${JSON.stringify(args)} does not end with the keeper's`;
  return undefined;
}

export interface CandidateParts {
  /** The driver's argv (policy.ts's `argv`): it takes the keeper's place, after docker's init. */
  argv: readonly string[];
  /** The policy's environment (`NAME=value`): each replaces the template's variable of that name. */
  env: readonly string[];
  keeperArgv: readonly string[];
  /** The candidate's own cgroup (cgroupfs form, under the hierarchy's root). */
  cgroupsPath: string;
  /** Labels, as annotations, so `runc list` finds a run's leftovers. */
  annotations: Record<string, string>;
  /** The host's own system call ABI (seccompArch), when it is among the profile's. */
  nativeArch?: string;
}

/** libseccomp's name of the host's native ABI, for the architectures Docker's profile lists first. */
export function seccompArch(arch: string): string | undefined {
  return { x64: "SCMP_ARCH_X86_64", arm64: "SCMP_ARCH_AARCH64" }[arch];
}

/**
 * One candidate's config: the template's, with the driver in the keeper's place, the job's environment,
 * its own cgroup, system calls of the native ABI only, and no hooks (docker's only hook sets up its own network, which the fresh network
 * namespace replaces: runc brings its loopback up).
 */
export function candidateConfig(template: OciConfig, parts: CandidateParts): OciConfig {
  const config = structuredClone(template);
  delete config.hooks;
  const args = config.process.args;
  config.process.args = [...args.slice(0, args.length - parts.keeperArgv.length), ...parts.argv];
  const names = new Set(parts.env.map((variable) => variable.split("=", 1)[0]));
  config.process.env = [
    ...(config.process.env ?? []).filter((variable) => !names.has(variable.split("=", 1)[0])),
    ...parts.env,
  ];
  config.linux.cgroupsPath = parts.cgroupsPath;
  config.annotations = { ...parts.annotations };
  // Docker's rules, for the native ABI only: a 32-bit (x86, x32, arm) system call meets the profile's
  // refusal, which is stricter than Docker's, and runc compiles a third of the filter per candidate
  // (≈ 30 ms of a ≈ 110 ms start, measured on the 2-core runner).
  const seccomp = config.linux.seccomp as { architectures?: string[] } | undefined;
  if (seccomp?.architectures && parts.nativeArch && seccomp.architectures.includes(parts.nativeArch))
    seccomp.architectures = [parts.nativeArch];
  return config;
}
