import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { SERVICE_CANDIDATES, sawService, serviceReply } from "../../scripts/bench/services.js";

/** The reply's code, as the gate extracts it from its one python block. */
const code = (n: number) => /```python\n([\s\S]*?)```/.exec(serviceReply(n))![1]!;

describe("the services bench's replies", () => {
  it("are each a different program", () => {
    const replies = Array.from({ length: SERVICE_CANDIDATES }, (_, n) => serviceReply(n));
    expect(new Set(replies).size).toBe(SERVICE_CANDIDATES);
  });

  // On the host, with the socket faked: no name lookup, no Redis needed, only python3.
  const run = (n: number, fake: string) =>
    execFileSync("python3", ["-c", `import socket\n${fake}\n${code(n)}`], { encoding: "utf8" });
  const NONE = "def none(*a, **k): raise OSError('no such host')\nsocket.create_connection = none";
  const REDIS = [
    "class Conn:",
    "    def sendall(self, data): self.sent = data",
    "    def recv(self, n): return b'+PONG\\r\\n' if self.sent == b'PING\\r\\n' else b'-ERR'",
    "socket.create_connection = lambda *a, **k: Conn()",
  ].join("\n");

  it("pass without a redis to reach, and say so", () => {
    for (const n of [0, SERVICE_CANDIDATES - 1]) {
      const stdout = run(n, NONE);
      expect(sawService(stdout, false), stdout).toBe(true);
      expect(sawService(stdout, true), stdout).toBe(false);
    }
  });

  it("pass with a Redis that answers PING, and say so", () => {
    for (const n of [0, SERVICE_CANDIDATES - 1]) {
      const stdout = run(n, REDIS);
      expect(sawService(stdout, true), stdout).toBe(true);
      expect(sawService(stdout, false), stdout).toBe(false);
    }
  });

  it("take PONG from their Redis for the service's answer, and nothing else", () => {
    expect(sawService("redis: b'+PONG\\r\\n'\n", true)).toBe(true);
    expect(sawService("redis: b'-ERR'\n", true)).toBe(false);
    expect(sawService("no redis: [Errno -2] Name or service not known\n", true)).toBe(false);
  });
});
