import { describe, expect, it } from "vitest";
import type { Candidate, RunFacts, SourceEntry } from "../../src/core/model.js";
import {
  ImageGate,
  LineImages,
  PULL_AHEAD,
  imagePlan,
  firstRunImage,
  lineImage,
  ownImagesOnly,
  runOwnImages,
} from "../../src/run/line-images.js";
import { lockDown } from "../../src/sandbox/policy.js";
import { TEST_LIMITS } from "../integration/jobs.js";
import { runContext } from "../../src/run/pipeline.js";
import { judgeAll } from "../../src/run/run.js";
import type { JudgingEngine } from "../../src/sandbox/engine.js";
import type { SandboxJob } from "../../src/sandbox/job.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { runFacts } from "../support/facts.js";

const settingsOf = (inputs: Partial<Record<InputName, string>> = {}) =>
  readSettings((name) => inputs[name] ?? "", { defaultWorkdir: "/repo", cpuCount: 2 });

describe("imagePlan", () => {
  it("asks for the first images before the run, then the next distinct ones as each line starts", () => {
    const plan = imagePlan(["A", "A", undefined, "B", "C", "C", "D", "E"], 2);
    expect(plan.first).toEqual(["A", "B"]);
    expect(plan.at).toEqual([["C"], [], [], ["D"], ["E"], [], [], []]);
    expect([...plan.uses]).toEqual([
      ["A", 2],
      ["B", 1],
      ["C", 2],
      ["D", 1],
      ["E", 1],
    ]);
  });

  it("asks for nothing without line images, and for each image once", () => {
    expect(imagePlan([undefined, undefined])).toEqual({ first: [], at: [[], []], uses: new Map() });
    const plan = imagePlan(["A", "B", "C", "D", "E", "F"], 2);
    const asked = [...plan.first, ...plan.at.flat()];
    expect(asked).toEqual(["A", "B", "C", "D", "E", "F"]);
  });

  it("with no look-ahead, asks for each image as its first line starts", () => {
    const plan = imagePlan(["A", "B", "B", "C"], 0);
    expect(plan.first).toEqual([]);
    expect(plan.at).toEqual([["A"], ["B"], [], ["C"]]);
  });
});

/** A tiny deterministic generator, so a failure names a seed that reproduces it. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe("LineImages over a run (simulated: lines start in order on `concurrency` workers and end in any order)", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    "seed %i: pulls ahead, releases after the last line, holds few at once",
    async (seed) => {
      const next = random(seed);
      const concurrency = 1 + Math.floor(next() * 4);
      // Images grouped as judgingOrder groups them, some lines without one, some images on many lines.
      const images: Array<string | undefined> = [];
      for (let group = 0; images.length < 40; group++) {
        const size = 1 + Math.floor(next() * 3);
        for (let i = 0; i < size; i++) images.push(next() < 0.2 ? undefined : `img-${group}`);
      }
      const asked = new Set<string>();
      const released = new Set<string>();
      const lines = new LineImages(
        images,
        {
          prepareImage: async (image) => {
            expect(released.has(image), `${image} asked for after its release`).toBe(false);
            asked.add(image);
            return undefined;
          },
          releaseImage: async (image) => {
            released.add(image);
            return [];
          },
        },
        () => {},
      );
      const started = new Set<number>();
      const finished = new Set<number>();
      const held = () => [...asked].filter((image) => !released.has(image)).length;
      lines.start();
      let maxHeld = held();
      let position = 0;
      const running: number[] = [];
      while (finished.size < images.length) {
        while (running.length < concurrency && position < images.length) {
          lines.starting(position);
          started.add(position);
          const image = images[position];
          // The plan asked for the line's image before it starts, and for the next PULL_AHEAD distinct ones.
          if (image !== undefined) expect(asked.has(image)).toBe(true);
          const ahead = [...new Set(images.slice(position + 1).filter((i) => i !== undefined && i !== image))];
          for (const wanted of ahead.slice(0, PULL_AHEAD)) expect(asked.has(wanted!)).toBe(true);
          running.push(position++);
          maxHeld = Math.max(maxHeld, held());
        }
        const [ending] = running.splice(Math.floor(next() * running.length), 1);
        finished.add(ending!);
        await lines.done(ending!);
        // Never released while a line that needs it has not ended.
        for (const image of released)
          images.forEach(
            (needed, p) => needed === image && expect(finished.has(p), `${image} for line ${p}`).toBe(true),
          );
      }
      // Every line image went once its lines were done, and the disk never held more than the lines running need
      // and the look-ahead.
      expect([...released].sort()).toEqual([...asked].sort());
      expect(maxHeld).toBeLessThanOrEqual(concurrency + PULL_AHEAD);
    },
  );
});

/** A patch line, with its own image when given. */
const patchLine = (image?: string): Candidate => ({
  id: "a",
  source: "d:1",
  kind: "patch",
  text: "",
  ...(image && { overrides: { image } }),
});

describe("lineImage and runOwnImages", () => {
  it("takes a line's image unless it is one of the run's own (the image input, a preset)", () => {
    const own = runOwnImages(settingsOf({ image: "corp/python:3" }));
    expect(own.has("corp/python:3")).toBe(true);
    expect(own.has("python:3.12-slim")).toBe(true);
    expect(lineImage(patchLine("swebench/x:latest"), own)).toBe("swebench/x:latest");
    expect(lineImage(patchLine("corp/python:3"), own)).toBeUndefined();
    expect(lineImage(patchLine("python:3.12-slim"), own)).toBeUndefined();
    expect(lineImage(patchLine(), own)).toBeUndefined();
  });
});

describe("firstRunImage", () => {
  it("is the image input when the first line judged runs in it, and nothing else", () => {
    const settings = settingsOf({ image: "corp/python:3" });
    expect(firstRunImage(patchLine(), settings)).toBe("corp/python:3");
    // Its own image is the plan's to ask for; a line judged already (a carried-over result) runs nowhere.
    expect(firstRunImage(patchLine("swebench/x:latest"), settings)).toBeUndefined();
    expect(firstRunImage({ ...patchLine(), status: "pass" } as unknown as Candidate, settings)).toBeUndefined();
    expect(firstRunImage(undefined, settings)).toBeUndefined();
    // Without the image input, the line's language decides, known only once it is prepared.
    expect(firstRunImage(patchLine(), settingsOf({}))).toBeUndefined();
  });
});

describe("ownImagesOnly", () => {
  it("asks the engine for its name files for a setup on one of the run's own images, never on a line's", async () => {
    const names = { hostname: "h", hosts: "/h", resolvConf: "/r", hostnameFile: "/n" };
    const asked: string[] = [];
    const nameFiles = ownImagesOnly(new Set(["corp/python:3"]), (policy) => {
      asked.push(policy.image);
      return Promise.resolve(names);
    });
    const policy = (image: string) => lockDown({ image, files: [], command: "true", limits: TEST_LIMITS, labels: {} });
    expect(await nameFiles(policy("corp/python:3"))).toBe(names);
    expect(await nameFiles(policy("swebench/x:latest"))).toBeUndefined();
    expect(asked).toEqual(["corp/python:3"]);
  });
});

/** An engine with a set of images present; pulls add to it, or fail for the names in `unpullable`. */
class ImageEngine implements JudgingEngine {
  jobs: SandboxJob[] = [];
  pulls: string[] = [];
  constructor(
    readonly present: Set<string>,
    private readonly unpullable = new Set<string>(),
  ) {}
  async run(job: SandboxJob): Promise<RunFacts> {
    this.jobs.push(job);
    expect(this.present.has(job.image), `${job.image} ran without being there`).toBe(true);
    return runFacts({ durationMs: 5 });
  }
  async hasImage(image: string): Promise<boolean> {
    return this.present.has(image);
  }
  async pull(image: string): Promise<void> {
    this.pulls.push(image);
    if (this.unpullable.has(image)) throw new Error(`pull of ${image} failed: manifest unknown`);
    this.present.add(image);
  }
}

describe("ImageGate", () => {
  const gateOver = (engine: ImageEngine, failing = new Set<string>(), policy: "missing" | "always" = "missing") => {
    const removed: string[] = [];
    const gate = new ImageGate(
      engine,
      policy,
      () => {},
      async (image) => {
        if (failing.has(image)) return `${image}: image is being used by a container`;
        removed.push(image);
        engine.present.delete(image);
        return undefined;
      },
      new Set(["python:3.12-slim"]),
    );
    return { gate, removed };
  };

  it("removes at release an image it pulled, never one the engine had before, nor the run's own", async () => {
    const engine = new ImageEngine(new Set(["mine:1", "python:3.12-slim"]));
    const { gate, removed } = gateOver(engine);
    for (const image of ["mine:1", "pulled:1", "python:3.12-slim"]) expect(await gate.prepare(image)).toBeUndefined();
    expect(engine.pulls).toEqual(["pulled:1"]);
    for (const image of ["mine:1", "pulled:1", "python:3.12-slim"]) await gate.release(image);
    expect(removed).toEqual(["pulled:1"]);
    expect(await gate.close()).toEqual([]);
    expect(removed).toEqual(["pulled:1"]);
    expect([...engine.present].sort()).toEqual(["mine:1", "python:3.12-slim"]);
  });

  it("with pull always, pulls the user's image again but never removes it", async () => {
    const engine = new ImageEngine(new Set(["mine:1"]));
    const { gate, removed } = gateOver(engine, new Set(), "always");
    expect(await gate.prepare("mine:1")).toBeUndefined();
    expect(engine.pulls).toEqual(["mine:1"]);
    await gate.release("mine:1");
    expect(await gate.close()).toEqual([]);
    expect(removed).toEqual([]);
  });

  it("tries a removal that failed again at the next release and at close, which reports it", async () => {
    const engine = new ImageEngine(new Set());
    const failing = new Set(["busy:1"]);
    const { gate, removed } = gateOver(engine, failing);
    await gate.prepare("busy:1");
    await gate.prepare("other:1");
    await gate.release("busy:1");
    expect(removed).toEqual([]);
    failing.clear();
    await gate.release("other:1");
    expect(removed.sort()).toEqual(["busy:1", "other:1"]);
    await gate.prepare("stuck:1");
    failing.add("stuck:1");
    expect(await gate.close()).toEqual(["stuck:1: image is being used by a container"]);
  });

  it("keeps an image another name still in use finds (a tag and a digest pin of it) until that one goes", async () => {
    const engine = new ImageEngine(new Set());
    const removed: string[] = [];
    const ids: Record<string, string> = { "x:1": "sha256:same", "x@sha256:d": "sha256:same", "y:1": "sha256:other" };
    const gate = new ImageGate(
      engine,
      "missing",
      () => {},
      async (image) => (removed.push(image), undefined),
      new Set(),
      async (image) => ids[image],
    );
    for (const image of ["x:1", "x@sha256:d", "y:1"]) await gate.prepare(image);
    await gate.release("x:1");
    expect(removed).toEqual([]);
    await gate.release("y:1");
    expect(removed).toEqual(["y:1"]);
    await gate.release("x@sha256:d");
    expect(removed.sort()).toEqual(["x:1", "x@sha256:d", "y:1"]);
    expect(await gate.close()).toEqual([]);
  });

  it("names the image and why when it cannot be made ready", async () => {
    const engine = new ImageEngine(new Set());
    const gate = new ImageGate(engine, "never", () => {});
    expect(await gate.prepare("absent:1")).toBe('image absent:1 is missing and pull is "never"');
  });
});

async function* entries(...items: SourceEntry[]): AsyncGenerator<SourceEntry> {
  yield* items;
}

const line = (id: string, image?: string): SourceEntry => ({
  candidate: {
    id,
    source: `d.jsonl:${id}`,
    kind: "reply",
    text: "```python\nprint(1)\n```",
    ...(image && { overrides: { image } }),
  },
});

describe("judgeAll with lines' own images", () => {
  it("runs each line in its own image, pulls ahead, removes what it pulled after the last line, keeps the rest", async () => {
    const engine = new ImageEngine(new Set(["python:3.12-slim", "had:1"]), new Set(["broken:1"]));
    const settings = settingsOf({ pull: "missing", concurrency: "1" });
    const removed: string[] = [];
    const gate = new ImageGate(
      engine,
      "missing",
      () => {},
      async (image) => {
        removed.push(image);
        engine.present.delete(image);
        return undefined;
      },
      runOwnImages(settings),
    );
    const events: string[] = [];
    const log: string[] = [];
    const outcome = await judgeAll(
      entries(
        line("a", "swe/one:1"),
        line("plain"),
        line("b", "swe/two:1"),
        line("c", "swe/one:1"),
        line("d", "had:1"),
        line("e", "broken:1"),
        line("f", "swe/three:1"),
      ),
      runContext(
        {
          settings,
          engine,
          testFiles: [],
          runId: "r",
          prepareImage: (image) => (events.push(`prepare ${image}`), gate.prepare(image)),
          releaseImage: async (image) => (events.push(`release ${image}`), await gate.release(image), []),
        },
        (l) => void log.push(l),
      ),
      { log: (l) => void log.push(l) },
    );
    // Input order, whatever order they ran in; the line whose image cannot be pulled is our failure, named.
    expect(outcome.results.map((r) => [r.id, r.status])).toEqual([
      ["a", "pass"],
      ["plain", "pass"],
      ["b", "pass"],
      ["c", "pass"],
      ["d", "pass"],
      ["e", "sandbox_error"],
      ["f", "pass"],
    ]);
    expect(outcome.results[5]!.feedback).toContain("pull of broken:1 failed: manifest unknown");
    // Each ran in its own image (a and c together: one image's lines are judged together), the plain line in the preset.
    expect(engine.jobs.map((job) => job.image)).toEqual([
      "swe/one:1",
      "swe/one:1",
      "python:3.12-slim",
      "swe/two:1",
      "had:1",
      "swe/three:1",
    ]);
    // Pulled ahead: swe/two:1 was asked for before the first line ended; released once its lines were done.
    expect(events.indexOf("prepare swe/two:1")).toBeLessThan(events.indexOf("release swe/one:1"));
    // Each image released once. Lines in flight together (the next is prepared while one runs) end in either
    // order: the line whose pull fails and retries ends after the one prepared behind it.
    const releases = events.filter((e) => e.startsWith("release"));
    expect([...releases].sort()).toEqual([
      "release broken:1",
      "release had:1",
      "release swe/one:1",
      "release swe/three:1",
      "release swe/two:1",
    ]);
    expect(releases.slice(0, 2)).toEqual(["release swe/one:1", "release swe/two:1"]);
    expect(removed).toEqual(["swe/one:1", "swe/two:1", "swe/three:1"]);
    expect([...engine.present].sort()).toEqual(["had:1", "python:3.12-slim"]);
  }, 20_000);
});
