// A check run kept one per commit and name: a re-run rewrites the check it made before instead of adding
// another, and never touches a check of that name it did not make.
import { GitHubError, type CheckRun, type GitHubClient } from "./client.js";

/** A check run that carries our mark (its `externalId`): what tells ours from another of that name. */
export type MarkedCheckRun = CheckRun & { externalId: string };

/**
 * Our check run of that name on that commit updated, or a new one: a re-run shows one check, not a pile.
 * Only a run with our mark is ours to update, and GitHub lets only the App that created a run update it:
 * refused (403, 404), a new one is created.
 */
export async function upsertCheckRun(
  client: GitHubClient,
  repo: { owner: string; repo: string },
  run: MarkedCheckRun,
): Promise<{ action: "created" | "updated"; url: string }> {
  const { owner, repo: name } = repo;
  const listed = await client.listCheckRuns(owner, name, run.headSha, run.name);
  for (const existing of listed.filter((c) => c.externalId === run.externalId)) {
    try {
      return { action: "updated", url: (await client.updateCheckRun(owner, name, existing.id, run)).url };
    } catch (error) {
      if (!(error instanceof GitHubError && (error.status === 403 || error.status === 404))) throw error;
    }
  }
  return { action: "created", url: (await client.createCheckRun(owner, name, run)).url };
}
