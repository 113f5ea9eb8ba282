import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RunImages, type RunImageMaker } from "../../src/run/run-images.js";
import { GitObjects } from "../../src/prepare/git-objects.js";
import type { RunImageSpec } from "../../src/sandbox/run-image.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { tempDir } from "../support/temp.js";

/** Makes an image per build, named in turn; can be told to fail; remembers what it was asked. */
class ScriptedMaker implements RunImageMaker {
  built: RunImageSpec[] = [];
  removed: string[] = [];
  constructor(private readonly failing = false) {}
  async build(spec: RunImageSpec) {
    this.built.push(spec);
    return this.failing
      ? { ok: false as const, reason: "the setup exited with code 1", output: "boom\n" }
      : { ok: true as const, image: `run-image-${this.built.length}`, id: `sha256:id-${this.built.length}` };
  }
  async remove(image: string) {
    this.removed.push(image);
    return undefined;
  }
}

const settings = (inputs: Partial<Record<InputName, string>>) =>
  readSettings((name) => inputs[name] ?? "", { defaultWorkdir: tempDir("run-images"), cpuCount: 2 });

describe("RunImages", () => {
  it("makes each run image, and runs the setup, once however many candidates ask, and removes them at the end", async () => {
    const maker = new ScriptedMaker();
    const images = new RunImages(settings({ setup: "make deps" }), maker, { run: "r1" }, () => {});
    const asked = await Promise.all(
      [1, 2, 3].map(() => images.image("python:3.12", "tests", [{ path: "t.py", content: "" }])),
    );
    expect(asked.map((made) => made.ok && made.image)).toEqual(["run-image-1", "run-image-1", "run-image-1"]);
    expect(images.setups).toBe(1);
    // Another source image is another run image.
    await images.image("node:22", "tests", []);
    expect(maker.built.map((spec) => [spec.image, spec.setup?.command])).toEqual([
      ["python:3.12", "make deps"],
      ["node:22", "make deps"],
    ]);
    // The setup runs a repository's install: the patch process limit, not a reply's.
    expect(maker.built[0]!.limits.pidsLimit).toBe(256);
    expect(await images.close()).toEqual([]);
    expect(maker.removed.sort()).toEqual(["run-image-1", "run-image-2"]);
  });

  it("drops the run images made from a line's image, whatever their tree, when that image is released", async () => {
    const maker = new ScriptedMaker();
    const images = new RunImages(settings({}), maker, {}, () => {});
    await images.image("swe/one:1", "tests", []);
    await images.image("swe/two:1", "tests", []);
    await images.image("swe/one:1", "tree", []);
    expect(await images.releaseSource("swe/one:1")).toEqual([]);
    expect(maker.removed.sort()).toEqual(["run-image-1", "run-image-3"]);
    // The other image's run image stays until its own release, or the end.
    expect(await images.close()).toEqual([]);
    expect(maker.removed).toContain("run-image-2");
  });

  it("gives every candidate the same failure when the setup fails, and removes nothing it did not make", async () => {
    const maker = new ScriptedMaker(true);
    const images = new RunImages(settings({ setup: "false" }), maker, {}, () => {});
    const [a, b] = await Promise.all([images.image("img", "tests", []), images.image("img", "tests", [])]);
    expect(a).toEqual({ ok: false, reason: "the setup exited with code 1", output: "boom\n" });
    expect(b).toBe(a);
    expect(maker.built).toHaveLength(1);
    expect(await images.close()).toEqual([]);
    expect(maker.removed).toEqual([]);
  });

  it("makes one base per commit, its setup once, and drops a commit's base when told its last candidate is done", async () => {
    const workdir = tempDir("run-images-commits");
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", workdir, "-c", "user.name=t", "-c", "user.email=t@t", ...args])
        .toString()
        .trim();
    git("init", "-q");
    writeFileSync(join(workdir, "a.py"), "x = 1\n");
    git("add", ".");
    git("commit", "-qm", "one");
    const one = git("rev-parse", "HEAD");
    writeFileSync(join(workdir, "a.py"), "x = 2\n");
    git("commit", "-qam", "two");
    const two = git("rev-parse", "HEAD");
    const maker = new ScriptedMaker();
    const images = new RunImages(settings({ workdir, setup: "make deps" }), maker, {}, () => {});
    const objects = new GitObjects(workdir);
    await images.resolveCommits(
      [
        { name: one.slice(0, 8), source: "d.jsonl:1" },
        { name: "HEAD", source: "d.jsonl:2" },
      ],
      objects,
    );
    objects.close();
    expect(images.commit(one.slice(0, 8))).toBe(one);
    expect(images.commit("HEAD")).toBe(two);
    // The first commit's image is asked for first, so the maker names it run-image-1; the rest ask at once.
    const first = await images.image("img", "tree", [], one);
    const asked = [first, ...(await Promise.all([one, two, one].map((sha) => images.image("img", "tree", [], sha))))];
    expect(asked.map((made) => made.ok && made.image)).toEqual([
      "run-image-1",
      "run-image-1",
      "run-image-2",
      "run-image-1",
    ]);
    expect(images.setups).toBe(2);
    const content = (n: number) => Buffer.from(maker.built[n]!.files[0]!.content as Uint8Array).toString();
    expect([content(0), content(1)]).toEqual(["x = 1\n", "x = 2\n"]);
    expect(await images.release(one)).toEqual([]);
    expect(maker.removed).toEqual(["run-image-1"]);
    // Again by its id at the next release (a container kept warm may have held it), so no more than the
    // last released image waits for the end: the disk holds the bases in flight, not every commit's.
    expect(await images.release(two)).toEqual([]);
    expect(maker.removed).toEqual(["run-image-1", "sha256:id-1", "run-image-2"]);
    expect(await images.close()).toEqual([]);
    expect(maker.removed).toEqual(["run-image-1", "sha256:id-1", "run-image-2", "sha256:id-2"]);
  });

  it("refuses a base_commit the repository does not have, naming the line, before anything is made", async () => {
    const workdir = tempDir("run-images-unknown");
    execFileSync("git", ["-C", workdir, "init", "-q"]);
    execFileSync("git", [
      "-C",
      workdir,
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@t",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "one",
    ]);
    const maker = new ScriptedMaker();
    const images = new RunImages(settings({ workdir }), maker, {}, () => {});
    const objects = new GitObjects(workdir);
    // The first line whose name is no commit is named, though every name was asked at once.
    await expect(
      images.resolveCommits(
        [
          { name: "HEAD", source: "tasks.jsonl:6" },
          { name: "deadbeef", source: "tasks.jsonl:7" },
          { name: "cafe", source: "tasks.jsonl:8" },
        ],
        objects,
      ),
    ).rejects.toThrow(
      /Input 'base_commit'.*tasks\.jsonl:7: "deadbeef" is not a commit of the git repository at .*; nothing was run/,
    );
    objects.close();
    expect(maker.built).toEqual([]);
  });
});
