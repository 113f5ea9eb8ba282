// The pull path against a real registry on loopback: images come first, and a failed pull is ours, said plainly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CliEngine } from "../../src/sandbox/engines/cli/cli-engine.js";
import { RUN_LABEL } from "../../src/sandbox/job.js";
import { ensureImage } from "../../src/sandbox/image.js";
import { startRegistry, type LocalRegistry } from "./registry.js";
import { docker } from "./support.js";
import { MiB, TEST_LIMITS } from "./jobs.js";

let registry: LocalRegistry;
const engine = new CliEngine();
const logs: string[] = [];
const options = { retries: 2, backoffMs: 50, log: (line: string) => logs.push(line) };

function forget(image: string): void {
  try {
    docker("rmi", "--force", image);
  } catch {
    // Not present: nothing to forget.
  }
}

beforeAll(async () => {
  registry = await startRegistry();
});

afterAll(async () => {
  forget(registry.image);
  forget(registry.pinned);
  await registry.stop();
  await engine.close();
});

describe("ensureImage against a local registry", () => {
  it("pulls a missing image, then finds it present", async () => {
    forget(registry.image);
    const first = await ensureImage(engine, registry.image, "missing", options);
    expect(first).toMatchObject({ ok: true, pulled: true });
    const again = await ensureImage(engine, registry.image, "missing", options);
    expect(again).toMatchObject({ ok: true, pulled: false });
  });

  it("pulls and runs an image pinned by digest", async () => {
    forget(registry.pinned);
    expect(await ensureImage(engine, registry.pinned, "always", options)).toMatchObject({ ok: true, pulled: true });
    const facts = await engine.run({
      image: registry.pinned,
      files: [{ path: "hello.txt", content: "pinned\n" }],
      command: "cat hello.txt",
      limits: { ...TEST_LIMITS, timeoutMs: 5000, memoryBytes: 64 * MiB, pidsLimit: 32, maxOutputBytes: 1024 },
      labels: { [RUN_LABEL]: "image-test" },
    });
    expect(facts).toMatchObject({ phase: "run", exitCode: 0 });
    expect(facts.stdout.text).toBe("pinned\n");
  });

  it("says the image is missing when pull is never, without asking the registry", async () => {
    forget(registry.image);
    const outcome = await ensureImage(engine, registry.image, "never", options);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toMatch(/never/);
  });

  it("retries, then reports a pull from a registry that is down", async () => {
    const gone = `127.0.0.1:9/sandbox-gate/none:1`;
    logs.length = 0;
    const outcome = await ensureImage(engine, gone, "missing", options);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toContain(gone);
    expect(logs.filter((l) => /retry|again|attempt/i.test(l)).length).toBeGreaterThanOrEqual(2);
  });
});
