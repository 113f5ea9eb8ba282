import { describe, expect, it } from "vitest";
import { SERVICE_LIMITS } from "../../src/settings/services-setting.js";
import {
  exposedTcpPorts,
  isReady,
  networkCreateArgs,
  probeRunArgs,
  reachableListeners,
  serviceRunArgs,
  waitedFor,
} from "../../src/sandbox/services.js";

// /proc/net/tcp as the kernel writes it: 127.0.0.1:5432 and 0.0.0.0:6379 listening, one connection established.
const TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:1538 00000000:0000 0A 00000000:00000000 00:00000000 00000000   999        0 1 1 0 100 0 0 10 0
   1: 00000000:18EB 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 2 1 0 100 0 0 10 0
   2: 020012AC:18EB 030012AC:D2F0 01 00000000:00000000 00:00000000 00000000     0        0 3 1 0 20 4 30 10 -1
`;
// tcp6: [::1]:8080 and [::ffff:127.0.0.1]:9000 (loopback), [::]:3306 (every address).
const TCP6 = `  sl  local_address                         remote_address                        st
   0: 00000000000000000000000001000000:1F90 00000000000000000000000000000000:0000 0A 0
   1: 0000000000000000FFFF00000100007F:2328 00000000000000000000000000000000:0000 0A 0
   2: 00000000000000000000000000000000:0CEA 00000000000000000000000000000000:0000 0A 0
`;

describe("readiness", () => {
  it("counts listening sockets the sandbox could reach: not loopback, not connections", () => {
    expect([...reachableListeners(TCP)]).toEqual([6379]);
    expect([...reachableListeners(TCP6)]).toEqual([3306]);
    expect([...reachableListeners(TCP + TCP6)].sort()).toEqual([3306, 6379]);
    expect(reachableListeners("").size).toBe(0);
  });

  it("waits for every TCP port the image EXPOSEs, or for any when it EXPOSEs none", () => {
    expect(isReady([6379], new Set([6379]))).toBe(true);
    expect(isReady([5432], new Set([6379]))).toBe(false);
    expect(isReady([80, 443], new Set([80]))).toBe(false);
    expect(isReady([], new Set())).toBe(false);
    expect(isReady([], new Set([1234]))).toBe(true);
    expect(waitedFor([6379])).toBe("TCP port 6379");
    expect(waitedFor([80, 443])).toBe("TCP ports 80, 443");
    expect(waitedFor([])).toBe("a TCP port (its image EXPOSEs none)");
  });

  it("reads the exposed TCP ports from the image's config, UDP left out", () => {
    expect(exposedTcpPorts('{"6379/tcp":{},"53/udp":{},"80":{}}')).toEqual([80, 6379]);
    expect(exposedTcpPorts("null")).toEqual([]);
    expect(exposedTcpPorts("not json")).toEqual([]);
  });
});

describe("the services' containers", () => {
  const labels = { "io.github.sandbox-gate.run": "r1" };

  it("a network with no route out, labelled as the run's containers are", () => {
    const args = networkCreateArgs("net-1", labels);
    expect(args.slice(0, 3)).toEqual(["network", "create", "--internal"]);
    // No address of the host's on the bridge: without it the sandbox reaches what the host listens on.
    expect(args[args.indexOf("--opt") + 1]).toBe("com.docker.network.bridge.inhibit_ipv4=true");
    expect(args).toContain("io.github.sandbox-gate.run=r1");
    expect(args.slice(-2)).toEqual(["--", "net-1"]);
  });

  it("a service on that network alone, under its name, within its own limits, the image never read as a flag", () => {
    const args = serviceRunArgs({ name: "redis", image: "r:1", args: ["--port", "7000"] }, "c-1", "net-1", labels);
    const after = (flag: string) => args[args.indexOf(flag) + 1];
    expect(after("--network")).toBe("net-1");
    expect(after("--network-alias")).toBe("redis");
    expect(after("--memory")).toBe(String(SERVICE_LIMITS.memoryBytes));
    expect(after("--memory-swap")).toBe(String(SERVICE_LIMITS.memoryBytes));
    expect(after("--pids-limit")).toBe(String(SERVICE_LIMITS.pidsLimit));
    expect(after("--cpus")).toBe(String(SERVICE_LIMITS.cpus));
    expect(after("--cap-drop")).toBe("ALL");
    expect(after("--security-opt")).toBe("no-new-privileges");
    expect(after("--pull")).toBe("never");
    expect(args).toContain("io.github.sandbox-gate.run=r1");
    expect(args.slice(-4)).toEqual(["--", "r:1", "--port", "7000"]);
    expect(args.filter((arg) => arg === "--network")).toHaveLength(1);
  });

  it("a probe in the service's network namespace, locked down, of the sandbox's image", () => {
    const args = probeRunArgs("sandbox:1", "p-1", "c-1", labels);
    const after = (flag: string) => args[args.indexOf(flag) + 1];
    expect(after("--network")).toBe("container:c-1");
    expect(after("--user")).toBe("65534:65534");
    expect(after("--cap-drop")).toBe("ALL");
    expect(args).toContain("--read-only");
    expect(args).toContain("io.github.sandbox-gate.run=r1");
    expect(args.slice(args.indexOf("--") + 1, args.indexOf("--") + 3)).toEqual(["sandbox:1", "sh"]);
  });
});
