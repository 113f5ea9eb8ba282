// Per-line environments: the images dataset lines name (`"image"`, SWE-bench's per-instance images), each
// pulled ahead of the lines that need it while earlier lines run (never inside a candidate's clock: a line
// waits for its image before its sandbox starts), and released once the last line that needs it is done.
// Released means removed only when this run pulled it: an image the engine already had is the user's, and
// stays. A night over thousands of per-instance images so holds the images of the lines in flight and
// of the next PULL_AHEAD, never the whole dataset's (docs/evaluation.md, "Per-line images").
//
// The run's own images (the `image` input, the languages' presets) are not a line's: pulled once before the
// first candidate that needs them, as ever, and never removed.
import type { Candidate, Result } from "../core/model.js";
import { LANGUAGES } from "../languages/registry.js";
import type { JudgingEngine } from "../sandbox/engine.js";
import { ensureImage, type EnsureImageResult } from "../sandbox/image.js";
import type { NameFilesOf } from "../sandbox/policy.js";
import type { PullPolicy, Settings } from "../settings/settings.js";

/**
 * Line images pulled ahead of the lines started: one to hide the next pull behind the lines before it,
 * a second for a pull that fails and retries with back-off. Each per-instance image of SWE-bench is a
 * few GB: the disk holds those of the lines running and these, whatever the dataset's length.
 */
export const PULL_AHEAD = 2;

/** The schedule of a run's line images over its judging order. */
export interface ImagePlan {
  /** The images to start pulling before the first line starts. */
  first: string[];
  /** For each position of the judging order: the images to start pulling as that line starts. */
  at: string[][];
  /** How many lines need each image: it is released once that many are done. */
  uses: Map<string, number>;
}

/**
 * The schedule for `images`, each line's own image in judging order (undefined: the run's image): when line
 * p starts, every image first needed at or before p has been asked for, and the next `ahead` distinct images
 * after them. Pure.
 */
export function imagePlan(images: ReadonlyArray<string | undefined>, ahead = PULL_AHEAD): ImagePlan {
  const distinct: string[] = [];
  const uses = new Map<string, number>();
  /** How many distinct images are first needed at or before each position. */
  const reached: number[] = [];
  for (const image of images) {
    if (image !== undefined) {
      if (!uses.has(image)) distinct.push(image);
      uses.set(image, (uses.get(image) ?? 0) + 1);
    }
    reached.push(distinct.length);
  }
  const upTo = (count: number) => Math.min(distinct.length, count);
  return {
    first: distinct.slice(0, upTo(ahead)),
    at: reached.map((count, p) => distinct.slice(upTo((p === 0 ? 0 : reached[p - 1]!) + ahead), upTo(count + ahead))),
    uses,
  };
}

/**
 * The run's own images: the `image` input, every language's preset and the services'. A line naming one
 * of these shares it.
 */
export function runOwnImages(settings: Settings): Set<string> {
  const services = settings.run.services.map((service) => service.image);
  return new Set(
    [settings.run.image, ...Object.values(LANGUAGES).map((language) => language.image), ...services].filter(Boolean),
  );
}

/**
 * The engine's name files (a run image's setup without docker's network hook) for the run's own images only:
 * their holder is made from the first image that asks and holds it to the run's end, so a line's own image
 * would not be released when its last line is judged.
 */
export function ownImagesOnly(own: ReadonlySet<string>, nameFiles: NameFilesOf): NameFilesOf {
  return (policy) => (own.has(policy.image) ? nameFiles(policy) : Promise.resolve(undefined));
}

/** A line's own image, when it is not one of the run's (`own`): what the plan pulls ahead and releases. */
export function lineImage(item: Candidate | Result, own: ReadonlySet<string>): string | undefined {
  const image = "status" in item ? undefined : item.overrides?.image;
  return image === undefined || own.has(image) ? undefined : image;
}

/**
 * The `image` input, when the first line judged (`first`) runs in it: made ready while that line is prepared
 * (its commit's tree read, its patch applied), not after. A line with its own image has it asked for by the
 * plan; one whose language's preset decides is not known before it is prepared.
 */
export function firstRunImage(first: Candidate | Result | undefined, settings: Settings): string | undefined {
  if (first === undefined || "status" in first || first.overrides?.image) return undefined;
  return settings.run.image || undefined;
}

/** What the line images need of the run: make an image ready (pulls memoised), and release it. */
export interface ImageHands {
  prepareImage: (image: string) => Promise<string | undefined>;
  releaseImage?: (image: string) => Promise<string[]>;
}

/** Drives the plan as the run's lines start and end. */
export class LineImages {
  readonly #plan: ImagePlan;
  readonly #left: Map<string, number>;

  /** `images`: each line's own image in judging order (lineImage). */
  constructor(
    private readonly images: ReadonlyArray<string | undefined>,
    private readonly hands: ImageHands,
    private readonly warn: (line: string) => void,
    ahead = PULL_AHEAD,
  ) {
    this.#plan = imagePlan(images, ahead);
    this.#left = new Map(this.#plan.uses);
  }

  /** Before the first line: the first images start pulling. */
  start(): void {
    this.#ask(this.#plan.first);
  }

  /** As the line at `position` of the judging order starts: the images ahead of it start pulling. */
  starting(position: number): void {
    this.#ask(this.#plan.at[position] ?? []);
  }

  /** As the line at `position` is done: its image is released once no line still needs it. */
  async done(position: number): Promise<void> {
    const image = this.images[position];
    if (image === undefined) return;
    const left = (this.#left.get(image) ?? 1) - 1;
    this.#left.set(image, left);
    if (left > 0 || !this.hands.releaseImage) return;
    for (const failure of await this.hands.releaseImage(image))
      this.warn(`sandbox-gate: a run image made from the line image ${image} could not be removed: ${failure}`);
  }

  #ask(images: readonly string[]): void {
    // The pull is memoised: the line that needs the image waits for this same pull. It never rejects.
    for (const image of images) void this.hands.prepareImage(image);
  }
}

/** Removes an image; why it could not be, if it could not. */
export type ImageRemover = (image: string) => Promise<string | undefined>;

/**
 * Each image made ready once (present, or pulled with retries under `pull`), before any candidate's clock
 * starts; and, with a remover, the images this run pulled that the engine did not have before, removed when
 * released or when the run closes. The run's own images (`keep`) are never removed.
 */
export class ImageGate {
  readonly #ready = new Map<string, Promise<EnsureImageResult>>();
  /** Removals that failed (a container still held the image): tried again at the next release and at close. */
  readonly #pending = new Set<string>();

  constructor(
    private readonly engine: Pick<JudgingEngine, "hasImage" | "pull">,
    private readonly policy: PullPolicy,
    private readonly log: (line: string) => void,
    private readonly remover?: ImageRemover,
    private readonly keep: ReadonlySet<string> = new Set(),
    /** The engine's id of the image a name finds: two names of one image are one image to remove. */
    private readonly idOf: (image: string) => Promise<string | undefined> = async () => undefined,
  ) {}

  /** Resolves when `image` is ready; the reason when it cannot be (pull failed, missing with pull: never). */
  readonly prepare = async (image: string): Promise<string | undefined> => {
    let pending = this.#ready.get(image);
    if (!pending) {
      pending = ensureImage(this.engine, image, this.policy, { retries: 3, backoffMs: 1000, log: this.log }).then(
        (outcome) => {
          if (outcome.ok && !outcome.pulled) this.log(`image ${image}: present`);
          return outcome;
        },
      );
      this.#ready.set(image, pending);
    }
    const outcome = await pending;
    if (!outcome.ok) return outcome.reason;
    return undefined;
  };

  /**
   * `image` is needed no more: removed if this run pulled it. A removal that fails (a container kept warm
   * still holds the image) is tried again at the next release and at close, which reports it.
   */
  async release(image: string): Promise<void> {
    const pending = this.#ready.get(image);
    // Forgotten either way: were it needed again, it would be made ready again, never taken for present.
    this.#ready.delete(image);
    const earlier = [...this.#pending];
    this.#pending.clear();
    const ours = pending && this.#pulledHere(await pending, image) ? [image] : [];
    await Promise.all([...earlier, ...ours].map((name) => this.#remove(name)));
  }

  /** At the run's end, after its containers: every image this run pulled and still holds. Returns the failures. */
  async close(): Promise<string[]> {
    const held = await Promise.all(
      [...this.#ready].map(async ([image, pending]) => (this.#pulledHere(await pending, image) ? [image] : [])),
    );
    this.#ready.clear();
    const names = [...new Set([...this.#pending, ...held.flat()])];
    this.#pending.clear();
    const failures = await Promise.all(names.map((image) => this.remover!(image)));
    return failures.filter((failure): failure is string => failure !== undefined);
  }

  #pulledHere(outcome: EnsureImageResult, image: string): boolean {
    return this.remover !== undefined && outcome.ok && outcome.pulled && !outcome.existed && !this.keep.has(image);
  }

  async #remove(image: string): Promise<void> {
    // Another name still in use for the same image (a tag and a digest pin of it): removing this one could
    // take the image with it, so it waits, and goes with that one's release or at close.
    const id = await this.idOf(image);
    if (id !== undefined) {
      const others = await Promise.all([...this.#ready.keys()].map((other) => this.idOf(other)));
      if (others.includes(id)) {
        this.#pending.add(image);
        return;
      }
    }
    const failure = await this.remover!(image);
    if (failure === undefined) this.log(`image ${image}: removed (pulled by this run, needed by no line left)`);
    else this.#pending.add(image);
  }
}
