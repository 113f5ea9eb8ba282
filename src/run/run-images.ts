// The run images: what a run's candidates start from. The checkout's base tree (read once) and the
// images made of it or of the `tests` files (once per source image, with the setup run once in each),
// removed when the run ends. Nothing is read or made until a candidate needs it: a dataset of replies
// never reads the checkout.
import { performance } from "node:perf_hooks";
import type { RunImage, RunImageSpec } from "../sandbox/run-image.js";
import type { SandboxFile } from "../core/model.js";
import type { Settings } from "../settings/settings.js";
import type { TreeKind } from "../prepare/candidate.js";
import { readBaseTree, type BaseTree } from "../prepare/tree.js";

/** Makes and removes run images: the engine's part (run-image.ts), passed in so this is tested without one. */
export interface RunImageMaker {
  build(spec: RunImageSpec): Promise<RunImage>;
  /** Why the image could not be removed, if it could not. */
  remove(image: string): Promise<string | undefined>;
}

export class RunImages {
  #tree: Promise<BaseTree> | undefined;
  readonly #images = new Map<string, Promise<RunImage>>();
  /** How many setups ran: once per run image, whatever the number of candidates. */
  setups = 0;

  constructor(
    private readonly settings: Settings,
    private readonly maker: RunImageMaker,
    private readonly labels: Record<string, string>,
    private readonly log: (line: string) => void,
  ) {}

  /** The whole base tree of the checkout, read on first use. */
  tree(): Promise<BaseTree> {
    this.#tree ??= readBaseTree(this.settings.source.workdir, this.settings.source.maxTreeBytes, "max-tree-size").then(
      (tree) => {
        const skipped = tree.skipped.length > 0 ? `; submodules left out: ${tree.skipped.join(", ")}` : "";
        this.log(
          `base tree: ${tree.files.length} files, ${tree.bytes} bytes (${tree.listedBy === "git" ? "what git tracks" : "every file but .git/"})${skipped}`,
        );
        return tree;
      },
    );
    return this.#tree;
  }

  /** The run image for candidates of `image` starting from `kind`'s tree, made on first use. */
  image(image: string, kind: TreeKind, testFiles: SandboxFile[]): Promise<RunImage> {
    const key = JSON.stringify([image, kind]);
    let made = this.#images.get(key);
    if (!made) {
      made = this.#make(image, kind === "tree" ? this.tree().then((tree) => tree.files) : Promise.resolve(testFiles));
      this.#images.set(key, made);
    }
    return made;
  }

  async #make(image: string, files: Promise<SandboxFile[]>, setup = this.settings.run.setup): Promise<RunImage> {
    const started = performance.now();
    if (setup) this.setups++;
    // A setup runs the repository's own install, which starts as many processes as its suite does.
    const limits = { ...this.settings.limits, pidsLimit: this.settings.run.patchPidsLimit };
    const made = await this.maker.build({
      image,
      files: await files,
      limits,
      labels: this.labels,
      ...(setup && { setup }),
    });
    const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
    if (!made.ok) this.log(`run image from ${image}: ${made.reason}`);
    else if (setup) this.log(`setup on ${image} took ${took} (not counted against any candidate's timeout)`);
    else this.log(`run image from ${image} made in ${took}`);
    return made;
  }

  /** Removes every run image made; returns the removals that failed. */
  async close(): Promise<string[]> {
    const made = await Promise.all([...this.#images.values()].map((image) => image.catch(() => undefined)));
    const images = made.flatMap((image) => (image?.ok ? [image.image] : []));
    const failures = await Promise.all(images.map((image) => this.maker.remove(image)));
    return failures.filter((failure): failure is string => failure !== undefined);
  }
}
