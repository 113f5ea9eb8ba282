// The two looks at the engine's event log that catch an OOM event arriving after the exit (late-oom.ts):
// through the CLI and through the Engine API, against containers the real engine OOM-killed or not.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliOomEventSeen } from "../../src/sandbox/engines/cli/cli-engine.js";
import { EngineApi, endpointFromEnv } from "../../src/sandbox/engines/api/engine-api.js";
import { RUN_LABEL } from "../../src/sandbox/job.js";
import { oomEventSeen } from "../../src/sandbox/engines/api/container.js";
import { TEST_IMAGE, docker } from "./support.js";

const runId = `late-oom-${randomBytes(4).toString("hex")}`;
const bombed = `sandbox-gate-${randomBytes(8).toString("hex")}`;
const killed = `sandbox-gate-${randomBytes(8).toString("hex")}`;
const api = new EngineApi(endpointFromEnv()!);

function runToEnd(name: string, script: string): number {
  const args = [
    "run",
    "--name",
    name,
    "--label",
    `${RUN_LABEL}=${runId}`,
    "--network",
    "none",
    "--memory",
    "64m",
    "--memory-swap",
    "64m",
  ];
  try {
    docker(...args, TEST_IMAGE, "sh", "-c", script);
    return 0;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

beforeAll(() => {
  // The shell survives its child, as the driver's shell does: the container ends on its own afterwards.
  expect(runToEnd(bombed, "python3 -c 'b = bytearray(1 << 30)'; exit 137")).toBe(137);
  // The same exit without any OOM (a child killed by SIGKILL): what must not be taken for one.
  expect(runToEnd(killed, "sh -c 'kill -9 $$'; exit $?")).toBe(137);
  expect(docker("inspect", "--format", "{{.State.OOMKilled}}", bombed, killed).split("\n").slice(0, 2)).toEqual([
    "true",
    "false",
  ]);
}, 60_000);

afterAll(() => {
  docker("rm", "-f", bombed, killed);
});

describe.each([
  { via: "the CLI", seen: (name: string) => cliOomEventSeen("docker", name) },
  { via: "the Engine API", seen: (name: string) => oomEventSeen(api, name) },
])("the oom event, looked up through $via", ({ seen }) => {
  it("is found for a container the kernel killed at its memory limit", async () => {
    expect(await seen(bombed)).toBe(true);
  });

  it("is not found for a container whose child was killed by SIGKILL", async () => {
    expect(await seen(killed)).toBe(false);
  });

  it("is not found for a container that does not exist", async () => {
    expect(await seen(`sandbox-gate-${randomBytes(8).toString("hex")}`)).toBe(false);
  });
});
