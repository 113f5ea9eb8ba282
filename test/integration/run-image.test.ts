// The run image on the real engine: the base tree once in an image, a setup run on it once, locked
// down, and candidates that start from it with only their changes sent. The same contract made through
// the CLI's commands and through the Engine API's calls.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  RUN_TREE,
  RUN_TREE_DIR,
  type RunImageSpec,
  type RunImageSteps,
  buildRunImage,
} from "../../src/sandbox/run-image.js";
import { cliRunImageSteps } from "../../src/sandbox/engines/cli/cli-run-image.js";
import { apiRunImageSteps } from "../../src/sandbox/engines/api/api-run-image.js";
import { EngineApi, endpointFromEnv } from "../../src/sandbox/engines/api/engine-api.js";
import { makeNameFiles } from "../../src/sandbox/engines/api/container.js";
import { RUN_LABEL, type SandboxJob, withOwner } from "../../src/sandbox/job.js";
import { containerName } from "../../src/sandbox/engines/base.js";
import { CliEngine } from "../../src/sandbox/engines/cli/cli-engine.js";
import { type LockDown, type NameFiles, apiCreateConfig } from "../../src/sandbox/policy.js";
import { TEST_LIMITS } from "./jobs.js";
import { TEST_IMAGE, docker } from "./support.js";

const RUN_ID = `base-test-${randomBytes(4).toString("hex")}`;
const engine = new CliEngine();
const made: { image: string; steps: RunImageSteps }[] = [];

/** `argv` run in `image` as the image has it, with no network: to look inside what a run image holds. */
const inImage = (image: string, ...argv: string[]): string =>
  docker("run", "--rm", "--network", "none", image, ...argv);

const api = new EngineApi(endpointFromEnv()!);
/**
 * The name files a setup without a network binds in place of docker's network hook, as the fresh pool's
 * engine gives them (FreshPoolEngine.nameFiles): written by a container of their own, without the run's
 * label, so the checks for containers the run left do not count it.
 */
const HOLDER = containerName();
let names: Promise<NameFiles | undefined> | undefined;
const nameFiles = (policy: LockDown) =>
  (names ??= makeNameFiles(api, HOLDER, apiCreateConfig({ ...policy, labels: withOwner({}), argv: ["true"] })));

afterAll(async () => {
  for (const { image, steps } of made) expect(await steps.removeImage(image)).toBeUndefined();
  expect(docker("images", "-q", "--filter", `label=${RUN_LABEL}=${RUN_ID}`).trim()).toBe("");
  expect(await engine.close()).toEqual([]);
  if (names) docker("rm", "-f", HOLDER);
});

const TREE = [
  { path: "pkg/mod.py", content: "VALUE = 1\n" },
  { path: "pkg/gone.py", content: "x\n" },
  { path: "run.sh", content: "#!/bin/sh\necho ran\n", executable: true },
  { path: "alias.py", content: "", linkTarget: "pkg/mod.py" },
];

const ways: [string, RunImageSteps][] = [
  ["the CLI", cliRunImageSteps("docker", "docker")],
  ["the Engine API", apiRunImageSteps(api)],
  ["the Engine API, without docker's network hook", apiRunImageSteps(api, nameFiles)],
];

function candidate(image: string, command: string, over: Partial<SandboxJob> = {}): SandboxJob {
  return {
    image,
    files: [],
    command,
    limits: TEST_LIMITS,
    labels: { [RUN_LABEL]: RUN_ID },
    tree: RUN_TREE,
    ...over,
  };
}

describe.each(ways)("a run image made through %s", (_, steps) => {
  async function build(over: Partial<RunImageSpec> = {}) {
    const built = await buildRunImage(steps, {
      image: TEST_IMAGE,
      files: TREE,
      limits: TEST_LIMITS,
      labels: { [RUN_LABEL]: RUN_ID },
      ...over,
    });
    if (built.ok) made.push({ image: built.image, steps });
    return built;
  }

  it("holds the base tree; a candidate starts from it, with what it deletes gone and what it changes in", async () => {
    const built = await build();
    expect(built.ok, JSON.stringify(built)).toBe(true);
    if (!built.ok) return;
    // The run's label on it (what the post step removes it by), and the id that finds it once untagged.
    expect(
      docker("image", "inspect", "--format", `{{index .Config.Labels "${RUN_LABEL}"}} {{.Id}}`, built.image).trim(),
    ).toBe(`${RUN_ID} ${built.id}`);
    const facts = await engine.run(
      candidate(
        built.image,
        "find . -type f -o -type l | sort; ./run.sh; python3 -c 'import pkg.mod; print(pkg.mod.VALUE)'; readlink alias.py",
        {
          files: [{ path: "pkg/mod.py", content: "VALUE = 2\n" }],
          deleted: ["pkg/gone.py"],
        },
      ),
    );
    expect(facts.stderr.text).toBe("");
    expect(facts.stdout.text).toBe("./alias.py\n./pkg/mod.py\n./run.sh\nran\n2\npkg/mod.py\n");
    // The next candidate starts from the tree again, untouched by the one before.
    const next = await engine.run(candidate(built.image, "cat pkg/mod.py pkg/gone.py"));
    expect(next.stdout.text).toBe("VALUE = 1\nx\n");
    // The tree is one archive in the image, which nobody may write.
    expect(inImage(built.image, "find", RUN_TREE_DIR, "-mindepth", "1", "-printf", "%M %u %P\n")).toBe(
      "-rw-r--r-- root tree.tar\n",
    );
  });

  it("runs the setup once, in the work dir, and every candidate starts from what it left", async () => {
    const built = await build({
      setup: { command: "echo installed > dep.txt && id -u && pwd", network: "none", timeoutMs: 60_000 },
    });
    expect(built.ok, JSON.stringify(built)).toBe(true);
    if (!built.ok) return;
    expect(built.setup?.output).toBe("65534\n/work\n");
    const facts = await engine.run(candidate(built.image, "cat dep.txt pkg/mod.py"));
    expect(facts.stdout.text).toBe("installed\nVALUE = 1\n");
  });

  it("holds the tree once: archived, and the setup's work dir emptied but for what nobody may remove", async () => {
    // A directory nobody may write cannot be emptied: it stays in the image's work dir, under the candidates' tmpfs.
    const built = await build({
      setup: {
        // Dot names as well: the driver's one rm takes them by pattern.
        command: "mkdir ro && echo kept > ro/f && chmod a-w ro && echo made > m && echo h > .hidden && echo o > ..odd",
        network: "none",
        timeoutMs: 60_000,
      },
    });
    expect(built.ok, JSON.stringify(built)).toBe(true);
    if (!built.ok) return;
    const facts = await engine.run(candidate(built.image, "cat ro/f m pkg/mod.py; ls -A | sort | tr '\\n' ' '"));
    expect(facts.stdout.text).toBe("kept\nmade\nVALUE = 1\n..odd .hidden alias.py m pkg ro run.sh ");
    // The image's own work dir, under no tmpfs: only what could not be removed is left there; the tree is the archive.
    expect(
      docker(
        "run",
        "--rm",
        "--user",
        "65534",
        "--network",
        "none",
        built.image,
        "sh",
        "-c",
        "cd /work && ls -A && ls -A /sandbox-gate/base",
      ).trim(),
    ).toBe("ro\ntree.tar");
  });

  it("leaves an image's own work dir as the image has it, its tree archived without .git", async () => {
    // An image with a repository at /testbed that nobody may write (as a SWE-bench image's is, chmod'd).
    const source = `sandbox-gate-test/own-workdir-${randomBytes(4).toString("hex")}:1`;
    const maker = containerName();
    docker(
      "run",
      "--name",
      maker,
      TEST_IMAGE,
      "sh",
      "-c",
      "mkdir -p /testbed/pkg /testbed/.git && echo 1 > /testbed/pkg/m.py && echo h > /testbed/.git/HEAD && chown -R 65534:65534 /testbed",
    );
    docker("commit", maker, source);
    docker("rm", "-f", maker);
    try {
      const built = await build({
        image: source,
        files: [{ path: "pkg/new.py", content: "2\n" }],
        workdir: "/testbed",
      });
      expect(built.ok, JSON.stringify(built)).toBe(true);
      if (!built.ok) return;
      const facts = await engine.run(
        candidate(built.image, "ls -A | sort | tr '\\n' ' '; cat pkg/m.py pkg/new.py", { workdir: "/testbed" }),
      );
      expect(facts.stdout.text).toBe("pkg 1\n2\n");
      // Under no tmpfs, the image's own /testbed is as it was (the `files` on top): nothing of it removed.
      expect(inImage(built.image, "sh", "-c", "cd /testbed && find . -mindepth 1 | sort | tr '\\n' ' '")).toBe(
        "./.git ./.git/HEAD ./pkg ./pkg/m.py ./pkg/new.py ",
      );
    } finally {
      docker("rmi", "-f", source);
    }
  });

  // The README's promise: only the work dir carries over. /var/tmp is the image's, in the container's layer,
  // and was committed into the run image with the work dir.
  it("carries over the setup's work dir, not what it wrote in /var/tmp or /tmp", async () => {
    const built = await build({
      setup: {
        command: "echo y > /work/y && echo x > /var/tmp/x && echo t > /tmp/t && echo wrote",
        network: "none",
        timeoutMs: 60_000,
      },
    });
    expect(built.ok, JSON.stringify(built)).toBe(true);
    if (!built.ok) return;
    expect(built.setup?.output).toBe("wrote\n");
    const facts = await engine.run(candidate(built.image, "cat y; ls -A /var/tmp /tmp"));
    expect(facts.stdout.text).toBe("y\n/tmp:\n\n/var/tmp:\n");
  });

  it("reports a failing setup with its output, and makes no image", async () => {
    const before = docker("images", "-q", "--filter", `label=${RUN_LABEL}=${RUN_ID}`)
      .trim()
      .split("\n")
      .filter(Boolean).length;
    const built = await build({
      setup: { command: "echo trying; echo broke >&2; exit 4", network: "none", timeoutMs: 60_000 },
    });
    // The setup's own failure, marked as such: a candidate's own set-up failing so is the candidate's (pipeline.ts).
    expect(built).toEqual({
      ok: false,
      reason: "the setup exited with code 4",
      output: "trying\nbroke\n",
      bySetup: true,
    });
    expect(
      docker("images", "-q", "--filter", `label=${RUN_LABEL}=${RUN_ID}`).trim().split("\n").filter(Boolean),
    ).toHaveLength(before);
    expect(docker("ps", "-a", "-q", "--filter", `label=${RUN_LABEL}=${RUN_ID}`).trim()).toBe("");
  });

  it("gives the setup no network unless it asks, and the candidates none even after a setup that had one", async () => {
    const interfaces = "ls /sys/class/net | sort | tr '\\n' ' '";
    const closed = await build({ setup: { command: interfaces, network: "none", timeoutMs: 60_000 } });
    expect(closed.ok && closed.setup?.output).toBe("lo ");
    const open = await build({ setup: { command: interfaces, network: "bridge", timeoutMs: 60_000 } });
    expect(open.ok && open.setup?.output).toBe("eth0 lo ");
    if (!open.ok) return;
    let name = "";
    const running = engine.run(candidate(open.image, `${interfaces}; sleep 2`), { onContainer: (n) => (name = n) });
    const mode = await vi.waitFor(() => docker("inspect", "--format", "{{.HostConfig.NetworkMode}}", name).trim(), {
      timeout: 10_000,
      interval: 50,
    });
    expect(mode).toBe("none");
    expect((await running).stdout.text).toBe("lo ");
  });

  it("gives the setup no stdin: one that reads it reads nothing and goes on", async () => {
    const built = await build({ setup: { command: "cat; echo read", network: "none", timeoutMs: 20_000 } });
    expect(built.ok && built.setup?.output).toBe("read\n");
  });

  it("names the image when the engine has none by that name, and the image a removal failed on", async () => {
    const built = await build({ image: `sandbox-gate-test/absent-${randomBytes(4).toString("hex")}:1` });
    expect(built).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /^the run image could not be started from sandbox-gate-test\/absent-\w+:1: .*(No such image|not found)/i,
      ),
    });
    expect(await steps.removeImage("sandbox-gate-test/never-made:1")).toBeUndefined();
  });

  it("stops a setup at its timeout", async () => {
    const built = await build({ setup: { command: "echo started; sleep 60", network: "none", timeoutMs: 1_500 } });
    expect(built).toMatchObject({ ok: false, reason: "the setup did not finish within 1.5 s", bySetup: true });
    expect(docker("ps", "-a", "-q", "--filter", `label=${RUN_LABEL}=${RUN_ID}`).trim()).toBe("");
  });
});

describe("a setup without a network, made with the engine's name files", () => {
  it("has no network hook but the name files, and leaves no such config to a candidate on a network", async () => {
    const steps = apiRunImageSteps(api, nameFiles);
    const built = await buildRunImage(steps, {
      image: TEST_IMAGE,
      files: TREE,
      limits: TEST_LIMITS,
      labels: { [RUN_LABEL]: RUN_ID },
      setup: {
        command: "ls /sys/class/net | tr '\\n' ' '; hostname; cat /etc/hosts",
        network: "none",
        timeoutMs: 60_000,
      },
    });
    expect(built.ok, JSON.stringify(built)).toBe(true);
    if (!built.ok) return;
    made.push({ image: built.image, steps });
    const given = (await names)!;
    expect(given).toBeDefined();
    // Made with the network disabled (no hook of docker's), its name and hosts file the holder's.
    expect(docker("image", "inspect", "--format", "{{.Config.NetworkDisabled}}", built.image).trim()).toBe("true");
    const hosts = readFileSync(given.hosts, "utf8");
    expect(built.setup?.output).toBe(`lo ${given.hostname}\n${hosts}`);
    // A container made from the image on a network has one, and a name of its own: neither is inherited.
    const facts = await engine.run(
      candidate(built.image, "ls /sys/class/net | sort | tr '\\n' ' '; echo; hostname", { network: "bridge" }),
    );
    const [interfaces, hostname] = facts.stdout.text.split("\n");
    expect(interfaces).toBe("eth0 lo ");
    expect(hostname).not.toBe(given.hostname);
  });
});
