// What every integration test shares: the real engine and the test image built from Debian packages.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { OWNER_ENV, OWNER_LABEL } from "../../src/sandbox/job.js";

export const TEST_IMAGE = process.env.SANDBOX_GATE_TEST_IMAGE ?? "sandbox-gate-test/bookworm:1";

export function docker(...args: string[]): string {
  return execFileSync("docker", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The test image with pip, venv and pytest: a repository's own tools (build-test-images.sh). */
export const PYTHON_DEV_IMAGE = "sandbox-gate-test/python-dev:1";

/** The test image with Node 24 over Debian's 18, for the typescript preset (build-test-images.sh). */
export const NODE24_IMAGE = "sandbox-gate-test/node24:1";

/** podman has its own image store: the test image comes from docker's, once. */
export function ensurePodmanImage(): void {
  if (spawnSync("podman", ["image", "exists", TEST_IMAGE]).status === 0) return;
  const saved = spawnSync("docker", ["save", TEST_IMAGE], { maxBuffer: 1024 ** 3 });
  const loaded = spawnSync("podman", ["load"], { input: saved.stdout, maxBuffer: 1024 ** 3, encoding: "utf8" });
  if (loaded.status !== 0) throw new Error(`podman load of ${TEST_IMAGE} failed: ${loaded.stderr}`);
}

/**
 * A Python candidate that fills its memory to just under the limit, by the count `docker stats` shows
 * (the cgroup's usage less its inactive page cache, read from cgroup v1's files inside the container),
 * then sleeps: a run held at its memory limit until the clock runs out, with no OOM kill.
 */
export const HOLD_AT_MEMORY_LIMIT = [
  "import time",
  "def read(name):",
  "    with open('/sys/fs/cgroup/memory/' + name) as f:",
  "        return f.read()",
  "limit = int(read('memory.limit_in_bytes'))",
  "def used():",
  "    stat = dict(line.split() for line in read('memory.stat').splitlines())",
  "    return int(read('memory.usage_in_bytes')) - int(stat['total_inactive_file'])",
  "held = []",
  "while used() < limit - 3 * 2**20:",
  "    held.append(b'\\x01' * 2**20)",
  "print('holding', len(held), flush=True)",
  "time.sleep(60)",
].join("\n");

/**
 * An owner label of the calling describe block's own, set as SANDBOX_GATE_OWNER while its tests run (the
 * suite's restored after): the library's sandboxes carry run ids a test cannot know, so what the block
 * counts and removes is found by this label, never another test's or another run's on the same engine.
 */
export function ownerOfBlock(prefix: string): { owner: string; containers: () => string[] } {
  const owner = `${prefix}-${randomBytes(4).toString("hex")}`;
  let suiteOwner: string | undefined;
  beforeAll(() => {
    suiteOwner = process.env[OWNER_ENV];
    process.env[OWNER_ENV] = owner;
  });
  afterAll(() => {
    if (suiteOwner === undefined) delete process.env[OWNER_ENV];
    else process.env[OWNER_ENV] = suiteOwner;
  });
  const containers = () =>
    docker("ps", "-a", "--filter", `label=${OWNER_LABEL}=${owner}`, "--format", "{{.Names}}")
      .split("\n")
      .filter(Boolean);
  return { owner, containers };
}
