// Integration tests need a real engine: a missing one fails the run loudly, it never skips.
import { RUN_LABEL } from "../../src/sandbox/engine.js";
import { TEST_IMAGE, docker } from "./support.js";

export function setup(): void {
  try {
    docker("info", "--format", "{{.ServerVersion}}");
  } catch (error) {
    throw new Error(
      `No Docker engine answers (${(error as Error).message.split("\n")[0]}). ` +
        "Start one with `bash scripts/setup-engine.sh`; integration tests never skip.",
    );
  }
  try {
    docker("image", "inspect", TEST_IMAGE, "--format", "{{.Id}}");
  } catch {
    throw new Error(`Test image ${TEST_IMAGE} is missing: run \`bash scripts/build-test-images.sh\`.`);
  }
}

export function teardown(): void {
  const left = docker("ps", "-a", "--filter", `label=${RUN_LABEL}`, "--format", "{{.Names}}").trim();
  if (left) {
    throw new Error(`containers of ours left after the suite: ${left.split("\n").join(", ")}`);
  }
}
