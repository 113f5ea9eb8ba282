import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CliEngine } from "../../src/sandbox/engines/cli/cli-engine.js";
import { InputError } from "../../src/core/errors.js";
import { type NamespaceHost, createEngine, namespaceRefusal } from "../../src/sandbox/select.js";

// An Engine API endpoint that does not answer: what the docker choice must fall back from.
const NO_API = { DOCKER_HOST: "unix:///nonexistent/sandbox-gate.sock" };

async function created(engine: "docker" | "podman", isolation: "candidate" | "run" = "candidate") {
  const lines: string[] = [];
  const made = await createEngine(
    { engine, isolation, concurrency: 2, services: false },
    (line) => lines.push(line),
    NO_API,
  );
  return { made, lines };
}

describe("createEngine", () => {
  it("falls back to the docker CLI, and says so, when the Engine API does not answer", async () => {
    const { made, lines } = await created("docker");
    expect(made).toBeInstanceOf(CliEngine);
    expect((made as CliEngine).binary).toBe("docker");
    expect(lines).toEqual([
      expect.stringMatching(/^the Engine API at .*nonexistent.* does not answer .*; using the docker CLI$/),
    ]);
  });

  it("uses podman's CLI for engine: podman, without asking for docker's Engine API", async () => {
    const { made, lines } = await created("podman");
    expect((made as CliEngine).binary).toBe("podman");
    expect(lines).toEqual([]);
  });

  it("says that isolation: run needs the Engine API, and runs a container per candidate", async () => {
    const { made, lines } = await created("podman", "run");
    expect(made).toBeInstanceOf(CliEngine);
    expect(lines).toEqual(["isolation: run needs the Engine API; running one container per candidate instead"]);
  });

  it("hands on the Engine API it runs through (run images are made through it), past the services' wrapper too", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-gate-select-"));
    const socketPath = join(dir, "engine.sock");
    const server = createServer((_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).end("{}"));
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      const env = { DOCKER_HOST: `unix://${socketPath}` };
      for (const services of [false, true]) {
        const made = await createEngine(
          { engine: "docker", isolation: "candidate", concurrency: 2, services },
          () => {},
          env,
        );
        expect(made.api?.endpoint).toEqual({ socketPath });
      }
      expect((await created("docker")).made.api).toBeUndefined();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("namespaceRefusal", () => {
  const able: NamespaceHost = { uid: 0, arch: "x64", userNamespaces: true, cgroupsWritable: true, dockerState: true };
  const docker = { engine: "docker" as const };

  it("lets a root gate with bwrap, user namespaces, writable cgroups and a local docker run it", () => {
    expect(namespaceRefusal(docker, {}, able)).toBeUndefined();
    expect(namespaceRefusal(docker, { DOCKER_HOST: "unix:///var/run/docker.sock" }, able)).toBeUndefined();
    expect(namespaceRefusal(docker, { DOCKER_CONTEXT: "default" }, able)).toBeUndefined();
  });

  it.each<[string, NodeJS.ProcessEnv, Partial<NamespaceHost>, RegExp]>([
    ["a remote docker over TCP", { DOCKER_HOST: "tcp://10.0.0.2:2376" }, {}, /DOCKER_HOST is tcp:\/\/10\.0\.0\.2:2376/],
    ["a remote docker over ssh", { DOCKER_HOST: "ssh://ci@builder" }, {}, /DOCKER_HOST is ssh:\/\/ci@builder/],
    ["a docker context", { DOCKER_CONTEXT: "remote" }, {}, /DOCKER_CONTEXT is remote/],
    ["a gate that is not root", {}, { uid: 1001 }, /runs as uid 1001/],
    ["a host without a system call table", {}, { arch: "arm64" }, /compiles for x64 only; this host is arm64/],
    ["no bwrap", {}, { missingTool: "bwrap" }, /bwrap was not found \(bwrap comes with bubblewrap/],
    ["no user namespaces for bwrap", {}, { userNamespaces: false }, /bwrap could not make a user namespace/],
    ["a read-only cgroup filesystem", {}, { cgroupsWritable: false }, /cgroup filesystem is not writable/],
    ["docker's state elsewhere", {}, { dockerState: false }, /docker's container state is not on this machine/],
  ])("refuses %s, naming the way out", (_, env, host, why) => {
    const refusal = namespaceRefusal(docker, env, { ...able, ...host });
    expect(refusal).toMatch(why);
    expect(refusal).toMatch(/Use isolation: candidate$/);
  });

  it("refuses podman", () => {
    expect(namespaceRefusal({ engine: "podman" }, {}, able)).toMatch(/needs engine: docker/);
  });

  it("createEngine throws one InputError naming isolation where it cannot work", async () => {
    const error = await createEngine(
      { engine: "docker", isolation: "namespace", services: false, concurrency: 2 },
      () => {},
      {
        DOCKER_HOST: "tcp://10.0.0.2:2376",
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(
      /^Input 'isolation': 'namespace' runs each candidate in a bubblewrap sandbox/,
    );
    expect((error as InputError).message.split("\n")).toHaveLength(1);
  });
});
