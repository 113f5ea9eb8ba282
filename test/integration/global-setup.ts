// Integration tests need a real engine: a missing one fails the run loudly, it never skips. At the end,
// nothing of the suite's may be left: no labelled container or run image, no temp dir (the unit tests' included).
// "The suite's" is this run's own: another sandbox-gate run may share the engine and the temp dir (another
// clone's CI, a user's run, a second suite from this checkout), so every container and image of this suite
// carries its own owner label (SANDBOX_GATE_OWNER) and its temp dirs live under its own TMPDIR; only those
// count. Both are set here, before any worker or process of the suite starts (all of them inherit them).
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OWNER_ENV, OWNER_LABEL } from "../../src/sandbox/job.js";
import { TEMP_PREFIX } from "../support/temp-prefix.js";
import { TEST_IMAGE, docker } from "./support.js";

/** This suite's owner label, `key=value`. */
let ours = "";
/** This suite's TMPDIR, and the one it replaced. */
let suiteTemp = "";
let outerTemp: string | undefined;

export function setup(): void {
  const id = `suite-${randomBytes(6).toString("hex")}`;
  process.env[OWNER_ENV] = id;
  ours = `${OWNER_LABEL}=${id}`;
  outerTemp = process.env.TMPDIR;
  // Short: unix sockets live under it (a private dockerd's, in faults.test.ts), whose paths may not pass 104 bytes.
  suiteTemp = mkdtempSync(join(tmpdir(), "sgs-"));
  process.env.TMPDIR = suiteTemp;
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
  const failures: string[] = [];
  const left = docker("ps", "-a", "--filter", `label=${ours}`, "--format", "{{.Names}}").trim();
  if (left) failures.push(`containers of ours left after the suite: ${left.split("\n").join(", ")}`);
  const images = docker("images", "--filter", `label=${ours}`, "--format", "{{.ID}} {{.Repository}}:{{.Tag}}").trim();
  if (images) failures.push(`run images of ours left after the suite: ${images.split("\n").join(", ")}`);
  const temp = readdirSync(suiteTemp).filter((name) => name.startsWith(TEMP_PREFIX));
  if (temp.length > 0) failures.push(`temp dirs left after the suite in ${suiteTemp}: ${temp.join(", ")}`);
  // The suite's TMPDIR goes either way; a failure above names what was left in it.
  rmSync(suiteTemp, { recursive: true, force: true });
  if (outerTemp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = outerTemp;
  if (failures.length > 0) failRun(failures.join("; "));
}
