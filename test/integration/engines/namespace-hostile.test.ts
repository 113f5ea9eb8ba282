// The hostile cases (hostile-cases.ts) under `isolation: namespace`: the same statuses and checks as
// through the CLI engine, and after each case nothing of the run left: no template container, no record or
// cgroup of the candidates it ran, no process of a daemonized child on the host.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CliEngine } from "../../../src/sandbox/engines/cli/cli-engine.js";
import { RUN_LABEL } from "../../../src/sandbox/job.js";
import { NamespaceEngine, removeNamespaceLabelled } from "../../../src/sandbox/engines/namespace/namespace.js";
import type { ContainerEngine } from "../../../src/sandbox/engine.js";
import { DAEMON_NAME, judgesHostileCases } from "../hostile-cases.js";
import { docker } from "../support.js";
import { traces } from "./namespace-traces.js";

const runId = `ns-hostile-${randomBytes(4).toString("hex")}`;
const inner = new NamespaceEngine(new CliEngine(), { warm: 2 });
/** Every sandbox the engine handed a candidate: each must be gone, cgroups and all, once closed. */
const seen: string[] = [];
const engine: ContainerEngine = {
  run: (job, hooks = {}) => inner.run(job, { ...hooks, onContainer: (id) => (seen.push(id), hooks.onContainer?.(id)) }),
  hasImage: (image) => inner.hasImage(image),
  pull: (image) => inner.pull(image),
  removeLabelled: (label) => inner.removeLabelled(label),
  close: () => inner.close(),
  abort: () => inner.abort(),
};
async function expectClean(): Promise<void> {
  expect(await engine.close()).toEqual([]);
  expect(docker("ps", "-a", "--filter", `label=${RUN_LABEL}=${runId}`, "--format", "{{.Names}}").trim()).toBe("");
  // Nothing labelled with the run is left for a cleanup to find either.
  expect(await removeNamespaceLabelled(`${RUN_LABEL}=${runId}`)).toEqual([]);
  expect(traces(seen)).toEqual([]);
}

describe("hostile candidates under isolation: namespace", () => {
  judgesHostileCases(engine, runId, { afterEach: expectClean });

  it("leaves no process of a daemonized child on the host", () => {
    const found = spawnSync("pgrep", ["-af", DAEMON_NAME], { encoding: "utf8" });
    expect(found.stdout.split("\n").filter(Boolean)).toEqual([]);
    expect(seen.length).toBeGreaterThan(0);
  });
});
