// A real registry on loopback (Debian's docker-registry), holding a small test image, for the pull path.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { docker } from "./support.js";

export const SMALL_IMAGE = "sandbox-gate-test/busybox:1";

export interface LocalRegistry {
  host: string;
  /** `host/sandbox-gate/busybox:1`, pushed and then removed locally so a pull is needed. */
  image: string;
  /** The same image pinned by digest. */
  pinned: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`docker-registry exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`registry at ${url} did not answer`);
}

export async function startRegistry(): Promise<LocalRegistry> {
  const dir = mkdtempSync(join(tmpdir(), "sg-registry-"));
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  writeFileSync(
    join(dir, "config.yml"),
    [
      "version: 0.1",
      "log:",
      "  level: error",
      "storage:",
      "  filesystem:",
      `    rootdirectory: ${dir}/data`,
      "http:",
      `  addr: ${host}`,
    ].join("\n"),
  );
  const child = spawn("docker-registry", ["serve", join(dir, "config.yml")], { stdio: "ignore" });
  await waitFor(`http://${host}/v2/`, child);
  const image = `${host}/sandbox-gate/busybox:1`;
  docker("tag", SMALL_IMAGE, image);
  // Docker trusts plain HTTP on 127.0.0.0/8, as it does for any loopback registry.
  docker("push", "--quiet", image);
  const digest = docker("image", "inspect", image, "--format", "{{index .RepoDigests 0}}").trim();
  docker("rmi", image);
  return {
    host,
    image,
    pinned: digest,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
