// The hostile cases (hostile-cases.ts) through the warm pool: the same statuses and checks as through
// the CLI engine, and after each case no container of the run left, warm ones included.
import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { CliEngine } from "../../../src/sandbox/engines/cli/cli-engine.js";
import { RUN_LABEL } from "../../../src/sandbox/job.js";
import { EngineApi, endpointFromEnv } from "../../../src/sandbox/engines/api/engine-api.js";
import { FreshPoolEngine } from "../../../src/sandbox/engines/api/fresh-pool.js";
import { judgesHostileCases } from "../hostile-cases.js";
import { docker } from "../support.js";

const runId = `pool-hostile-${randomBytes(4).toString("hex")}`;
const engine = new FreshPoolEngine(new EngineApi(endpointFromEnv()!), new CliEngine(), { warm: 2 });
async function expectClean(): Promise<void> {
  expect(await engine.close()).toEqual([]);
  expect(docker("ps", "-a", "--filter", `label=${RUN_LABEL}=${runId}`, "--format", "{{.Names}}").trim()).toBe("");
}

describe("hostile candidates in the warm pool", () => {
  judgesHostileCases(engine, runId, { afterEach: expectClean });
});
