// What every integration test shares: the real engine and the test image built from Debian packages.
import { execFileSync } from "node:child_process";

export const TEST_IMAGE = process.env.SANDBOX_GATE_TEST_IMAGE ?? "sandbox-gate-test/bookworm:1";

export function docker(...args: string[]): string {
  return execFileSync("docker", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The test image with Node 24 over Debian's 18, for the typescript preset (build-test-images.sh). */
export const NODE24_IMAGE = "sandbox-gate-test/node24:1";
