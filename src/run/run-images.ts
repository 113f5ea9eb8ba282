// The run images: what a run's candidates start from. The checkout's base tree (read once) and the
// images made of it or of the `tests` files (once per source image, with the setup run once in each),
// removed when the run ends. Nothing is read or made until a candidate needs it: a dataset of replies
// never reads the checkout.
import { performance } from "node:perf_hooks";
import type { RunImage, RunImageSpec } from "../sandbox/run-image.js";
import type { SandboxFile } from "../core/model.js";
import type { Settings } from "../settings/settings.js";
import type { TreeKind } from "../prepare/candidate.js";
import { describeSetupChange, type SetupChange } from "../prepare/setup-inputs.js";
import { InputError } from "../core/errors.js";
import { readBaseTree, readCommitTree, type BaseTree } from "../prepare/tree.js";
import { type GitObjects, resolveCommit } from "../prepare/git-objects.js";
import { baseOfTree, loadBaseTree, loadCommitFiles, type TouchedFiles } from "../prepare/base-tree.js";

/** Makes and removes run images: the engine's part (run-image.ts), passed in so this is tested without one. */
export interface RunImageMaker {
  build(spec: RunImageSpec): Promise<RunImage>;
  /** Why the image could not be removed, if it could not. */
  remove(image: string): Promise<string | undefined>;
}

export class RunImages {
  #tree: Promise<BaseTree> | undefined;
  /** Each dataset line's `base_commit` tree by full sha, read on first use and dropped once its last candidate is done. */
  readonly #commitTrees = new Map<string, Promise<BaseTree>>();
  readonly #commits = new Map<string, string>();
  /** Each run image by its key, with the image it is made from (`source`) and its commit. */
  readonly #images = new Map<string, { made: Promise<RunImage>; source: string; commit?: string }>();
  /** Ids of the images of released commits, removed again at the next release and at close: a warm container may have kept one. */
  readonly #released: string[] = [];
  /**
   * How many setups ran: once per run image, whatever the number of candidates; a candidate whose change
   * touches the setup's inputs has an image of its own, shared by the candidates with the same inputs.
   */
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

  /**
   * Resolves every `base_commit` name the run's candidates carry to a full sha, before anything runs: a
   * name the repository at `workdir` does not have is bad input, named with the first line that carries it.
   */
  async resolveCommits(named: ReadonlyArray<{ name: string; source: string }>, objects: GitObjects): Promise<void> {
    const { workdir } = this.settings.source;
    // Every name asked at once of the one cat-file; the first line whose name is no commit is the one named.
    const fresh = [...new Set(named.map(({ name }) => name))].filter((name) => !this.#commits.has(name));
    const shas = await Promise.all(fresh.map((name) => resolveCommit(objects, name)));
    fresh.forEach((name, i) => shas[i] !== undefined && this.#commits.set(name, shas[i]));
    for (const { name, source } of named) {
      if (!this.#commits.has(name))
        throw new InputError(
          "base_commit",
          `${source}: ${JSON.stringify(name)} is not a commit of the git repository at ${workdir} (fetch its history: actions/checkout with fetch-depth: 0); nothing was run`,
        );
    }
  }

  /** The full sha of a `base_commit` name resolveCommits has seen. */
  commit(name: string): string {
    const sha = this.#commits.get(name);
    if (!sha) throw new Error(`base_commit ${JSON.stringify(name)} was not resolved before the run`);
    return sha;
  }

  /** The tree of `commit` (a full sha), read with git on first use; the checkout's when none is given. */
  commitTree(commit: string | undefined): Promise<BaseTree> {
    if (commit === undefined) return this.tree();
    let tree = this.#commitTrees.get(commit);
    if (!tree) {
      tree = readCommitTree(this.settings.source.workdir, commit, this.settings.source.maxTreeBytes, "max-tree-size");
      this.#commitTrees.set(commit, tree);
    }
    return tree;
  }

  /**
   * The base's versions of `paths`, as a patch candidate meets them: at `commit` (a full sha) when given,
   * read alone; else the checkout's, from its whole tree as candidates start from it unless `tests` narrows it.
   */
  async baseFiles(commit: string | undefined, paths: string[], objects: GitObjects): Promise<TouchedFiles> {
    const { workdir, tests } = this.settings.source;
    if (commit !== undefined) return loadCommitFiles(objects, commit, paths);
    return tests.length === 0 ? baseOfTree(await this.tree(), paths) : loadBaseTree(workdir, paths);
  }

  /**
   * The run image for candidates of `image` starting from `kind`'s tree (of `commit`, when given), made on
   * first use. With `workdir` (a line's image_workdir), the image's own directory there is the tree, with the
   * `tests` files on top for `kind` tests: the base tree's files are not copied in. With `change`, the tree
   * has the candidate's versions of the setup's inputs and of the local packages they vendor (and only those,
   * all in its key: no other candidate's code reaches an image it may share), and the setup runs on it: one
   * image per base and what its set-up reads.
   */
  image(
    image: string,
    kind: TreeKind,
    testFiles: SandboxFile[],
    commit?: string,
    workdir?: string,
    change?: SetupChange,
  ): Promise<RunImage> {
    const key = JSON.stringify([image, kind, commit ?? null, workdir ?? null, change?.key ?? null]);
    let entry = this.#images.get(key);
    if (!entry) {
      const base =
        kind === "tests"
          ? Promise.resolve(testFiles)
          : workdir !== undefined
            ? Promise.resolve([])
            : this.commitTree(commit).then((tree) => tree.files);
      // An image's own work dir (workdir) is not ours to edit: the inputs it deletes stay there for the setup.
      const files = change ? base.then((files) => withInputs(files, change)) : base;
      const made = this.#make(image, files, workdir, this.settings.run.setup, change);
      entry = { made, source: image, ...(commit !== undefined && { commit }) };
      this.#images.set(key, entry);
    }
    return entry.made;
  }

  /**
   * Drops what was made for `commit` once its last candidate is done: its tree and its run images, so a
   * night over many commits holds only the ones in flight. Returns the removals that failed.
   */
  async release(commit: string): Promise<string[]> {
    this.#commitTrees.delete(commit);
    return this.#releaseWhere((entry) => entry.commit === commit);
  }

  /**
   * Drops the run images made from `image` (a line's own image) once the last line that needs it is done,
   * whatever their commit: the image itself can then go (line-images.ts). Returns the removals that failed.
   */
  releaseSource(image: string): Promise<string[]> {
    return this.#releaseWhere((entry) => entry.source === image);
  }

  async #releaseWhere(mine: (entry: { source: string; commit?: string }) => boolean): Promise<string[]> {
    // The images released before: the warm containers that kept them went when this commit's candidates
    // began (the engine drops those of another image), so they go now, and at most the last stays behind.
    const earlier = this.#released.splice(0);
    const kept = await Promise.all(earlier.map(async (id) => ((await this.maker.remove(id)) ? [id] : [])));
    this.#released.push(...kept.flat());
    const released = [...this.#images].filter(([, entry]) => mine(entry));
    for (const [key] of released) this.#images.delete(key);
    const made = await Promise.all(released.map(([, entry]) => entry.made.catch(() => undefined)));
    // A container of the engine's (one kept warm) may still hold the image: the removal then only drops its
    // tag, and the image itself goes by its id when the run closes, after the engine's containers.
    for (const image of made) if (image?.ok && image.id) this.#released.push(image.id);
    return this.#remove(released.map(([, entry]) => entry.made));
  }

  async #make(
    image: string,
    files: Promise<SandboxFile[]>,
    workdir?: string,
    setup = this.settings.run.setup,
    change?: SetupChange,
  ): Promise<RunImage> {
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
      ...(workdir !== undefined && { workdir }),
    });
    const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
    const own = change ? ` for the candidates that change ${describeSetupChange(change)}` : "";
    if (!made.ok) this.log(`run image from ${image}${own}: ${made.reason}`);
    else if (setup) {
      this.log(`setup on ${image}${own} took ${took} (not counted against any candidate's timeout)`);
    } else this.log(`run image from ${image}${workdir === undefined ? "" : ` (its ${workdir})`} made in ${took}`);
    return made;
  }

  /** Removes every run image made; returns the removals that failed. */
  async close(): Promise<string[]> {
    const released = this.#released.splice(0);
    const left = await Promise.all(released.map((id) => this.maker.remove(id)));
    return [
      ...left.filter((failure): failure is string => failure !== undefined),
      ...(await this.#remove([...this.#images.values()].map((entry) => entry.made))),
    ];
  }

  async #remove(pending: ReadonlyArray<Promise<RunImage>>): Promise<string[]> {
    const made = await Promise.all(pending.map((image) => image.catch(() => undefined)));
    const images = made.flatMap((image) => (image?.ok ? [image.image] : []));
    const failures = await Promise.all(images.map((image) => this.maker.remove(image)));
    return failures.filter((failure): failure is string => failure !== undefined);
  }
}

/** The base's files with a candidate's versions of what its own set-up reads (setup-inputs.ts) in place of the base's. */
function withInputs(files: readonly SandboxFile[], change: SetupChange): SandboxFile[] {
  const replaced = new Set([...change.files.map((f) => f.path), ...change.deleted]);
  return [...files.filter((f) => !replaced.has(f.path)), ...change.files];
}
