// A reaction on each reply the gate judges, so the agent's author sees the verdict where the reply is:
// 👀 while it runs, then 🚀 for a pass or 👎 for a failure. Our own failure (`sandbox_error`) gets none:
// it says nothing of the reply. Reviews take no reactions; a token that may not react is let be.
import type { GitHubClient, ReactionContent, ReactionTarget } from "../github/client.js";
import type { Result, Status } from "../core/model.js";

/** The comment a candidate id names, if it takes reactions. */
export function reactionTarget(candidateId: string): ReactionTarget | undefined {
  const m = /^(comment|review-comment)-(\d{1,20})$/.exec(candidateId);
  return m ? { kind: m[1] as ReactionTarget["kind"], id: Number(m[2]) } : undefined;
}

export function verdictReaction(status: Status): ReactionContent | undefined {
  if (status === "pass") return "rocket";
  return status === "sandbox_error" ? undefined : "-1";
}

export class Reactions {
  readonly #watching = new Map<string, Promise<number | undefined>>();
  #refused = false;

  constructor(
    private readonly client: GitHubClient,
    private readonly repo: { owner: string; repo: string },
    private readonly debug: (line: string) => void,
  ) {}

  /** 👀 on each of `ids`, not awaited: judging does not wait for GitHub. */
  watch(ids: readonly string[]): void {
    for (const id of ids) {
      const target = reactionTarget(id);
      if (target)
        this.#watching.set(
          id,
          this.#try(() => this.client.react(this.repo.owner, this.repo.repo, target, "eyes")),
        );
    }
  }

  /** 👀 off, and the verdict's reaction on, for every reply watched. */
  async settle(results: readonly Result[]): Promise<void> {
    const byId = new Map(results.map((r) => [r.id, r]));
    await Promise.all(
      [...this.#watching].map(async ([id, eyes]) => {
        const target = reactionTarget(id)!;
        const eyesId = await eyes;
        if (eyesId !== undefined)
          await this.#try(() => this.client.unreact(this.repo.owner, this.repo.repo, target, eyesId));
        const status = byId.get(id)?.status;
        const verdict = status && verdictReaction(status);
        if (verdict) await this.#try(() => this.client.react(this.repo.owner, this.repo.repo, target, verdict));
      }),
    );
    this.#watching.clear();
  }

  // A reaction is a courtesy: a refusal (a read-only token) ends them for the run, and never the run.
  async #try<T>(call: () => Promise<T>): Promise<T | undefined> {
    if (this.#refused) return undefined;
    try {
      return await call();
    } catch (error) {
      // Calls already in flight may be refused too: one note is enough.
      if (!this.#refused) this.debug(`reactions stopped: ${(error as Error).message}`);
      this.#refused = true;
      return undefined;
    }
  }
}
