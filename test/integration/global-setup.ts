// Integration tests need a real engine: a missing one fails the run loudly, it never skips. At the end,
// nothing of the suite's may be left: no labelled container or run image, no temp dir (the unit tests' included).
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { RUN_LABEL } from "../../src/sandbox/engine.js";
import { TEMP_PREFIX } from "../support/temp-prefix.js";
import { TEST_IMAGE, docker } from "./support.js";

const tempDirs = (): string[] => readdirSync(tmpdir()).filter((name) => name.startsWith(TEMP_PREFIX));
/** What was there before this run: another run's, not ours to judge. */
let tempBefore = new Set<string>();

export function setup(): void {
  tempBefore = new Set(tempDirs());
  try {
    docker("info", "--format", "{{.ServerVersion}}");
  } catch (error) {
    throw new Error(
      `No Docker engine answers (${(error as Error).message.split("\n")[0]}). ` +
        "Start one with `bash scripts/setup-engine.sh`; integration tests never skip.",
      { cause: error },
    );
  }
  try {
    docker("image", "inspect", TEST_IMAGE, "--format", "{{.Id}}");
  } catch {
    throw new Error(`Test image ${TEST_IMAGE} is missing: run \`bash scripts/build-test-images.sh\`.`);
  }
}

/** A throw from teardown is only printed by vitest ("error during close"); the exit code must say it too. */
function failRun(message: string): never {
  process.exitCode = 1;
  throw new Error(message);
}

export function teardown(): void {
  const left = docker("ps", "-a", "--filter", `label=${RUN_LABEL}`, "--format", "{{.Names}}").trim();
  if (left) failRun(`containers of ours left after the suite: ${left.split("\n").join(", ")}`);
  const images = docker(
    "images",
    "--filter",
    `label=${RUN_LABEL}`,
    "--format",
    "{{.ID}} {{.Repository}}:{{.Tag}}",
  ).trim();
  if (images) failRun(`run images of ours left after the suite: ${images.split("\n").join(", ")}`);
  const temp = tempDirs().filter((name) => !tempBefore.has(name));
  if (temp.length > 0) failRun(`temp dirs left after the suite in ${tmpdir()}: ${temp.join(", ")}`);
}
