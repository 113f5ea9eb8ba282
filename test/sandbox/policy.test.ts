import { describe, expect, it } from "vitest";
import { apiCreateConfig, cliRunArgs, isGvisor, lockDown, processLimits } from "../../src/sandbox/policy.js";
import type { SandboxJob } from "../../src/sandbox/job.js";

const job = (runtime: string): SandboxJob => ({
  image: "img",
  files: [],
  command: "true",
  limits: {
    timeoutMs: 1000,
    memoryBytes: 64 << 20,
    cpus: 1,
    pidsLimit: 64,
    maxOutputBytes: 1024,
    workdirBytes: 1 << 20,
    runtime,
  },
  labels: {},
});

const flag = (args: string[], name: string): string[] => args.flatMap((arg, i) => (arg === name ? [args[i + 1]!] : []));

describe("processLimits", () => {
  it("is the host's pids cgroup under runc", () => {
    expect(processLimits(64, "")).toEqual({ cgroupPids: 64 });
    expect(processLimits(64, undefined)).toEqual({ cgroupPids: 64 });
  });

  it("is the guest's RLIMIT_NPROC under gVisor, with the cgroup bounded at gVisor's headroom", () => {
    expect(processLimits(64, "runsc")).toEqual({ cgroupPids: 256 + 64 * 24, guestNproc: 64 });
  });

  it.each([
    ["runsc", true],
    ["/usr/bin/runsc", true],
    ["gvisor-kvm", true],
    ["runc", false],
    ["kata", false],
    ["", false],
  ])("tells gVisor by its runtime name: %s → %s", (runtime, gvisor) => expect(isGvisor(runtime)).toBe(gvisor));

  it("renders into the run flags of both dialects", () => {
    expect(flag(cliRunArgs(lockDown(job("")), "n", "docker"), "--pids-limit")).toEqual(["64"]);
    expect(flag(cliRunArgs(lockDown(job("")), "n", "docker"), "--ulimit")).not.toContainEqual(
      expect.stringMatching(/^nproc=/),
    );
    expect(flag(cliRunArgs(lockDown(job("runsc")), "n", "docker"), "--pids-limit")).toEqual([String(256 + 64 * 24)]);
    expect(flag(cliRunArgs(lockDown(job("runsc")), "n", "docker"), "--ulimit")).toContain("nproc=64:64");
    // podman's own nproc default fails without CAP_SYS_RESOURCE; gVisor's guest limit takes its place.
    expect(flag(cliRunArgs(lockDown(job("")), "n", "podman"), "--ulimit")).toContain("nproc=4096:4096");
    expect(flag(cliRunArgs(lockDown(job("runsc")), "n", "podman"), "--ulimit")).toContain("nproc=64:64");
  });
});

describe("the setup's lock-down", () => {
  // Only the setup's work dir may carry over into the run image (run-image.ts commits the container's layer).
  it("keeps its work dir in the layer and puts /tmp and /var/tmp on tmpfs, which a commit does not keep", () => {
    const setup = lockDown(job(""), { network: "none" });
    expect(setup.readOnlyRoot).toBe(false);
    expect(setup.tmpfs.map((mount) => mount.path)).toEqual(["/tmp", "/var/tmp"]);
    expect(flag(cliRunArgs(setup, "n", "docker"), "--tmpfs")).toEqual([
      expect.stringMatching(/^\/tmp:/),
      expect.stringMatching(/^\/var\/tmp:/),
    ]);
  });
});

describe("an image's own work dir (a line's image_workdir)", () => {
  it("moves the work dir's tmpfs and the container's working directory there, locked down as ever", () => {
    const policy = lockDown({ ...job(""), workdir: "/testbed" });
    expect(policy.workdir).toBe("/testbed");
    expect(policy.readOnlyRoot).toBe(true);
    expect(policy.tmpfs.map((mount) => [mount.path, mount.ownedBySandbox, mount.exec])).toEqual([
      ["/testbed", true, true],
      ["/tmp", false, false],
    ]);
    const args = cliRunArgs(policy, "n", "docker");
    expect(flag(args, "--workdir")).toEqual(["/testbed"]);
    expect(flag(args, "--tmpfs")[0]).toMatch(
      /^\/testbed:rw,exec,nosuid,nodev,size=1048576,uid=65534,gid=65534,mode=0700$/,
    );
    // Without one, /work as ever.
    expect(lockDown(job("")).workdir).toBe("/work");
  });

  it("leaves the image's directory in the setup's layer, where the image's files are", () => {
    const setup = lockDown({ ...job(""), workdir: "/testbed" }, { network: "none" });
    expect(setup.workdir).toBe("/testbed");
    expect(setup.tmpfs.map((mount) => mount.path)).toEqual(["/tmp", "/var/tmp"]);
  });
});

describe("the environment's start-up doors", () => {
  const env = lockDown(job("")).env;

  it("puts HOME outside the work dir, where the candidate's tree cannot hold its start-up files", () => {
    const home = env.find((variable) => variable.startsWith("HOME="))!.slice("HOME=".length);
    expect(home).not.toBe("/work");
    expect(home.startsWith("/work/")).toBe(false);
  });

  it("turns Python's user site off", () => {
    expect(env).toContain("PYTHONNOUSERSITE=1");
  });
});

describe("a run with services", () => {
  it("joins its run's network alone, every other flag of the lock-down as without services", () => {
    const plain = lockDown(job(""));
    const joined = lockDown({ ...job(""), network: "sandbox-gate-net-x" });
    expect(plain.network).toBe("none");
    expect(joined).toEqual({ ...plain, network: "sandbox-gate-net-x" });
    const args = cliRunArgs(joined, "n", "docker");
    expect(args.filter((arg) => arg === "--network")).toHaveLength(1);
    expect(args[args.indexOf("--network") + 1]).toBe("sandbox-gate-net-x");
  });

  it("never gives a setup the candidates' services network", () => {
    expect(lockDown({ ...job(""), network: "sandbox-gate-net-x" }, { network: "none" }).network).toBe("none");
  });
});

describe("a container without a network, made through the Engine API", () => {
  const names = { hostname: "holder", hosts: "/h/hosts", resolvConf: "/h/resolv.conf", hostnameFile: "/h/hostname" };
  const ro = (source: string, target: string) => ({ Type: "bind", Source: source, Target: target, ReadOnly: true });

  it("has its network disabled, so docker adds no hook, and binds the name files it is given read-only", () => {
    const config = apiCreateConfig(lockDown(job("")), names) as { HostConfig: Record<string, unknown> };
    expect(config).toMatchObject({ NetworkDisabled: true, Hostname: "holder" });
    expect(config.HostConfig.NetworkMode).toBe("none");
    expect(config.HostConfig.Mounts).toEqual([
      ro("/h/hosts", "/etc/hosts"),
      ro("/h/resolv.conf", "/etc/resolv.conf"),
      ro("/h/hostname", "/etc/hostname"),
    ]);
    // Nothing else of the lock-down changes.
    const { NetworkDisabled, Hostname, HostConfig, ...rest } = config as Record<string, unknown>;
    const plain = apiCreateConfig(lockDown(job(""))) as { HostConfig: Record<string, unknown> };
    const { Mounts, ...hostConfig } = HostConfig as Record<string, unknown>;
    expect({ ...rest, HostConfig: hostConfig }).toEqual(plain);
    expect([NetworkDisabled, Hostname, Mounts]).not.toContain(undefined);
  });

  it("keeps docker's own set-up without the name files, and for a network of its own (services, a setup's)", () => {
    for (const config of [
      apiCreateConfig(lockDown(job(""))),
      apiCreateConfig(lockDown({ ...job(""), network: "sandbox-gate-net-x" }), names),
      apiCreateConfig(lockDown(job(""), { network: "bridge" }), names),
    ]) {
      expect(config).not.toHaveProperty("NetworkDisabled");
      expect(config).not.toHaveProperty("HostConfig.Mounts");
    }
  });
});
