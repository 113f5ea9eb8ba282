import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { candidateSource } from "../../src/candidates/sources.js";
import type { ListedEntry } from "../../src/core/model.js";
import type { AgentComment } from "../../src/candidates/comments.js";
import { InputError } from "../../src/core/errors.js";
import type { GitHubClient } from "../../src/github/client.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { tempDir } from "../support/temp.js";

const source = (inputs: Partial<Record<InputName, string>>, workdir = "/repo") =>
  readSettings((name) => inputs[name] ?? "", { defaultWorkdir: workdir }).source;

async function all(entries: Promise<AsyncIterable<ListedEntry>>): Promise<ListedEntry[]> {
  const out: ListedEntry[] = [];
  for await (const entry of await entries) out.push(entry);
  return out;
}

const PULL = { owner: "octo", repo: "app", number: 7, url: "https://github.com/octo/app/pull/7" };
const client = { getPullRequestDiff: async () => "diff --git a/x b/x\n" } as Partial<GitHubClient> as GitHubClient;

describe("candidateSource", () => {
  it("files: the `files` globs in the work dir, a dataset's lines among them", async () => {
    const dir = tempDir("source");
    writeFileSync(join(dir, "a.md"), "reply");
    writeFileSync(join(dir, "b.jsonl"), '{"id":"one","reply":"r"}\n');
    const entries = await all(candidateSource(source({ source: "files", files: "*" }, dir), {}).entries());
    expect(entries.map((e) => ("candidate" in e ? e.candidate.id : "problem" in e && e.problem.id))).toEqual([
      "a.md",
      "one",
    ]);
  });
  it("files: the files given instead (the CLI's arguments)", async () => {
    const dir = tempDir("source");
    writeFileSync(join(dir, "c.txt"), "reply");
    const files = async () => [{ absolute: join(dir, "c.txt"), relative: "c.txt" }];
    const entries = await all(candidateSource(source({ source: "files", files: "nothing" }), { files }).entries());
    expect(entries).toEqual([{ candidate: { id: "c.txt", source: "c.txt", kind: "reply", text: "reply" } }]);
  });
  it("comments: the replies by the authors, never the gate's own comment (its marker by its author)", async () => {
    const reply = (id: number, body: string, author = "agent[bot]"): AgentComment => ({
      kind: "comment",
      id,
      body,
      url: `u${id}`,
      author,
      createdAt: `2026-11-01T10:00:0${id}Z`,
      updatedAt: "",
    });
    const marked = "<!-- sandbox-gate:gate/judge -->\nreport";
    const replies = [
      reply(1, "code"),
      reply(2, marked),
      reply(3, marked, "gate[bot]"),
      reply(4, marked, "github-actions[bot]"),
    ];
    const us = { login: "gate[bot]" };
    const entries = await all(candidateSource(source({}), { client, pullRequest: PULL, replies, us }).entries());
    // The agent's reply that carries the marker is judged; the gate's own is not, nor, by default, the actions bot's.
    expect(entries.map((e) => "candidate" in e && e.candidate.id)).toEqual(["comment-1", "comment-2", "comment-4"]);
    const byDefault = await all(candidateSource(source({}), { client, pullRequest: PULL, replies }).entries());
    expect(byDefault.map((e) => "candidate" in e && e.candidate.id)).toEqual(["comment-1", "comment-2", "comment-3"]);
    // Told what holds code, a comment without, by an author only `*[bot]` matched, is listed as skipped.
    const holdsCode = (c: { text: string }) => c.text === "code";
    const told = await all(
      candidateSource(source({}), { client, pullRequest: PULL, replies, us, holdsCode }).entries(),
    );
    expect(told.map((e) => ("candidate" in e ? e.candidate.id : "skipped" in e && `skipped ${e.skipped.id}`))).toEqual([
      "comment-1",
      "skipped comment-2",
      "skipped comment-4",
    ]);
  });
  it("pull-request: the pull request's diff as one patch", async () => {
    const entries = await all(
      candidateSource(source({ source: "pull-request" }), { client, pullRequest: PULL }).entries(),
    );
    expect(entries).toEqual([
      {
        candidate: { id: "pull-7", source: PULL.url, url: PULL.url, kind: "patch", text: "diff --git a/x b/x\n" },
      },
    ]);
  });
  it("comments and pull-request need a pull request to read, and say so naming `source`", () => {
    expect(() => candidateSource(source({}), {})).toThrow(InputError);
    expect(() => candidateSource(source({ source: "pull-request" }), { client })).toThrow(/source.*pull_request/);
  });
});
