import { describe, expect, it } from "vitest";
import { CliEngine } from "../../src/sandbox/engines/cli.js";
import { createEngine } from "../../src/sandbox/select.js";

// An Engine API endpoint that does not answer: what the docker choice must fall back from.
const NO_API = { DOCKER_HOST: "unix:///nonexistent/sandbox-gate.sock" };

async function created(engine: "docker" | "podman", isolation: "candidate" | "run" = "candidate") {
  const lines: string[] = [];
  const made = await createEngine({ engine, isolation, concurrency: 2 }, (line) => lines.push(line), NO_API);
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
});
