// The Engine API's run-image steps against a loopback server on a unix socket: the requests as the engine
// reads them (paths, queries, bodies), and each answer turned into the step's outcome. The steps on the
// real engine: test/integration/run-image.test.ts.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EngineApi } from "../../../../src/sandbox/engines/api/engine-api.js";
import { apiRunImageSteps } from "../../../../src/sandbox/engines/api/api-run-image.js";
import { runImageMaker } from "../../../../src/run/run.js";
import { lockDown } from "../../../../src/sandbox/policy.js";
import { TEST_LIMITS } from "../../../integration/jobs.js";

interface Seen {
  method: string;
  url: string;
  type?: string;
  body: Buffer;
}
const seen: Seen[] = [];
/** The answer to the next request, by `METHOD path-prefix`; 200 `{}` when none matches. */
let answers: Record<string, [number, unknown]> = {};
let server: Server;
let dir: string;
let api: EngineApi;

function read(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sandbox-gate-api-steps-"));
  server = createServer((req, res) => {
    void read(req).then((body) => {
      seen.push({ method: req.method!, url: req.url!, type: req.headers["content-type"], body });
      const key = Object.keys(answers).find((k) => `${req.method} ${req.url}`.startsWith(k));
      const [status, reply] = key ? answers[key]! : [200, {}];
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(join(dir, "engine.sock"), resolve));
  api = new EngineApi({ socketPath: join(dir, "engine.sock") });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const fresh = (given: Record<string, [number, unknown]> = {}) => {
  seen.length = 0;
  answers = given;
};

describe("the Engine API's run-image steps", () => {
  const steps = () => apiRunImageSteps(api);
  const policy = lockDown(
    { image: "img:1", files: [], command: "true", limits: TEST_LIMITS, labels: { run: "r1" } },
    { network: "none" },
  );

  it("creates the container as the policy says, without stdin, as the CLI's create does", async () => {
    fresh();
    expect(await steps().create("sg-1", policy)).toBeUndefined();
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(["POST /containers/create?name=sg-1"]);
    const body = JSON.parse(seen[0]!.body.toString()) as Record<string, unknown>;
    expect(body).toMatchObject({ Image: "img:1", User: policy.user, OpenStdin: false, AttachStdin: false });
    expect(body.HostConfig).toMatchObject({ NetworkMode: "none", CapDrop: ["ALL"] });
  });

  it("makes a setup without a network as the run's candidates are: the engine's name files, no network hook", async () => {
    const names = { hostname: "h0", hosts: "/h/hosts", resolvConf: "/h/resolv.conf", hostnameFile: "/h/hostname" };
    const asked: string[] = [];
    const nameFiles = (given: typeof policy) => {
      asked.push(given.network);
      return Promise.resolve(names);
    };
    fresh();
    expect(await apiRunImageSteps(api, nameFiles).create("sg-1", policy)).toBeUndefined();
    const body = JSON.parse(seen[0]!.body.toString()) as Record<string, unknown>;
    expect(body).toMatchObject({ NetworkDisabled: true, Hostname: "h0", OpenStdin: false });
    expect((body.HostConfig as { Mounts: { Source: string; Target: string }[] }).Mounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Source: "/h/hosts", Target: "/etc/hosts", ReadOnly: true }),
        expect.objectContaining({ Source: "/h/resolv.conf", Target: "/etc/resolv.conf", ReadOnly: true }),
        expect.objectContaining({ Source: "/h/hostname", Target: "/etc/hostname", ReadOnly: true }),
      ]),
    );
    // A setup that asked for a network gets docker's own set-up; the name files are not even asked for.
    fresh();
    const bridged = { ...policy, network: "bridge" };
    expect(await apiRunImageSteps(api, nameFiles).create("sg-2", bridged)).toBeUndefined();
    const open = JSON.parse(seen[0]!.body.toString()) as Record<string, unknown>;
    expect([open.NetworkDisabled, open.Hostname, asked]).toEqual([undefined, undefined, ["none"]]);
    expect(open.HostConfig).toMatchObject({ NetworkMode: "bridge" });
  });

  it("sends the tree as a tar to the container's root, and says why the engine refused", async () => {
    fresh();
    const tar = new Uint8Array([1, 2, 3, 4]);
    expect(await steps().copy("sg-1", tar, 5_000)).toBeUndefined();
    expect(seen[0]).toMatchObject({
      method: "PUT",
      url: "/containers/sg-1/archive?path=%2F&noOverwriteDirNonDir=true",
      type: "application/x-tar",
    });
    expect([...seen[0]!.body]).toEqual([1, 2, 3, 4]);
    fresh({ "PUT /containers/sg-1/archive": [500, { message: "no space left on device" }] });
    expect(await steps().copy("sg-1", tar, 5_000)).toBe("no space left on device");
  });

  it("commits with the tag split at its last colon and a LABEL change a label, and returns the id", async () => {
    fresh({ "POST /commit": [201, { Id: "sha256:abc" }] });
    const labels = { "io.github.sandbox-gate.run": "r 1", owner: "me" };
    expect(await steps().commit("sg-1", "localhost:5000/sandbox-gate/run-1:base", labels, 5_000)).toEqual({
      id: "sha256:abc",
    });
    const url = new URL(seen[0]!.url, "http://engine");
    expect(url.pathname).toBe("/commit");
    expect(url.searchParams.get("container")).toBe("sg-1");
    expect(url.searchParams.get("repo")).toBe("localhost:5000/sandbox-gate/run-1");
    expect(url.searchParams.get("tag")).toBe("base");
    expect(url.searchParams.getAll("changes")).toEqual(["LABEL io.github.sandbox-gate.run=r 1", "LABEL owner=me"]);
    fresh({ "POST /commit": [409, { message: "container is paused" }] });
    expect(await steps().commit("sg-1", "a:b", {}, 5_000)).toEqual({ failed: "container is paused" });
  });

  it("counts an image already gone as removed, and names the image a removal failed on", async () => {
    fresh({ "DELETE /images/gone": [404, { message: "No such image" }] });
    expect(await steps().removeImage("gone:1")).toBeUndefined();
    expect(seen[0]!.url).toBe("/images/gone%3A1?force=1");
    fresh({ "DELETE /images/held": [409, { message: "image is being used by running container" }] });
    expect(await steps().removeImage("held:1")).toBe("held:1: image is being used by running container");
  });

  it("removes the container with its volumes, and never throws when it cannot", async () => {
    fresh({ "DELETE /containers/sg-1": [500, { message: "engine broke" }] });
    await expect(steps().remove("sg-1")).resolves.toBeUndefined();
    expect(seen[0]!.url).toBe("/containers/sg-1?force=1&v=1");
  });

  it("is what a run's run images are made with when its engine has the API", async () => {
    fresh({ "POST /containers/create": [404, { message: "No such image: img:1" }] });
    const built = await runImageMaker("docker", api).build({
      image: "img:1",
      files: [],
      limits: TEST_LIMITS,
      labels: { run: "r1" },
    });
    expect(built).toEqual({ ok: false, reason: "the run image could not be started from img:1: No such image: img:1" });
    expect(seen.map((s) => s.method + " " + s.url.split("?")[0])).toEqual(["POST /containers/create"]);
  });
});
