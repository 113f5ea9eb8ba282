// A pull request that adds a dependency: the candidate whose change touches what `setup` reads gets a set-up
// of its own (offline here: pip installs from the repository's vendor/ directory, no registry), shared by
// the candidates with the same manifests; its failing set-up is its failure, the base's is ours; a protected
// manifest stays the base's for the set-up too. Through the library, on the real engine.
import { describe, expect, it } from "vitest";
import { openSandbox, type SandboxOptions } from "../../src/library.js";
import { DEPS, VENDORED, setupsRan } from "../support/fixture-repo.js";
import { checkout } from "./checkout.js";
import { PYTHON_DEV_IMAGE } from "./support.js";

const OPTIONS: SandboxOptions = {
  image: PYTHON_DEV_IMAGE,
  pull: "never",
  setup: DEPS.setup,
  command: DEPS.command,
  // Roomy: verdicts must not race a loaded runner.
  timeout: "30s",
  concurrency: 2,
};

describe("a set-up of the candidate's own", () => {
  it("installs what the patch adds, once for equal manifests; the base's set-up serves the rest", async () => {
    const lines: string[] = [];
    const sandbox = await openSandbox({ ...OPTIONS, workdir: checkout(DEPS.repo), log: (line) => lines.push(line) });
    try {
      const [adds, addsToo, usesOnly, unavailable] = await Promise.all(
        ["adds", "adds-too", "uses-only", "unavailable"].map((id) => sandbox.judge({ id, patch: DEPS.patch(id) })),
      );
      expect(adds!.status, adds!.feedback).toBe("pass");
      expect(addsToo!.status, addsToo!.feedback).toBe("pass");
      // The same code with the base's manifests: without a set-up of its own, `adds` would have ended so.
      expect(usesOnly!.status).toBe("test_failed");
      expect(usesOnly!.stderr).toMatch(/No module named 'tinydep'/);
      // A manifest that names what cannot be installed: the candidate's failure, with the set-up's output.
      expect(unavailable!.status).toBe("test_failed");
      expect(unavailable!.stdout).toMatch(/No matching distribution found for nosuchpkg==9/);
      expect(unavailable!.feedback).toMatch(
        /^The dependencies could not be installed: the setup failed on this change/,
      );
      expect(unavailable!.feedback).toMatch(/nosuchpkg==9/);
      // One for the base, one for `adds` and `adds-too` together, one for `unavailable`.
      const ran = setupsRan(lines);
      expect(ran.base).toBe(1);
      expect(ran.own).toHaveLength(1);
      expect(ran.own).toEqual(["requirements.txt"]);
      expect(lines.filter((line) => line.includes("for the candidates that change requirements.txt:"))).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
  }, 300_000);

  it("installs a local package the patch vendors, and its tests import it: the set-up's .venv is what runs", async () => {
    const lines: string[] = [];
    const sandbox = await openSandbox({
      ...OPTIONS,
      setup: VENDORED.setup,
      command: VENDORED.command,
      workdir: checkout(VENDORED.repo),
      log: (line) => lines.push(line),
    });
    try {
      const [vendors, usesVendored, unvendored] = await Promise.all(
        ["vendors", "uses-vendored", "unvendored"].map((id) => sandbox.judge({ id, patch: VENDORED.patch(id) })),
      );
      // pip put punct in .venv (site-packages, its .dist-info) and the build its egg-info in vendor/punct:
      // the set-up's output, not the candidate's files, so nothing of it is protected or undone.
      expect(vendors!.status, `${vendors!.feedback}\n${vendors!.stdout}\n${vendors!.stderr}`).toBe("pass");
      expect(vendors!.protected ?? []).toEqual([]);
      expect(usesVendored!.status, usesVendored!.feedback).toBe("pass");
      // Named but never vendored: its own set-up fails, and that is the candidate's failure.
      expect(unvendored!.status).toBe("test_failed");
      expect(unvendored!.feedback).toMatch(/^The dependencies could not be installed: the setup failed on this change/);
      expect(setupsRan(lines)).toEqual({
        base: 1,
        own: ["requirements.txt, vendor/punct/pyproject.toml (with the files of vendor/punct/)"],
      });
    } finally {
      await sandbox.close();
    }
  }, 300_000);

  it("is our failure when the base's own set-up fails too", async () => {
    const lines: string[] = [];
    const workdir = checkout(DEPS.repo, { "requirements.txt": "missing-at-base==1\n" });
    const sandbox = await openSandbox({ ...OPTIONS, workdir, log: (line) => lines.push(line) });
    try {
      const adds = await sandbox.judge({
        id: "adds",
        patch: DEPS.patch("adds").replace(/^ # installed.*$/m, " missing-at-base==1"),
      });
      expect(adds.status, adds.feedback).toBe("sandbox_error");
      expect(adds.feedback).toMatch(/missing-at-base==1/);
    } finally {
      await sandbox.close();
    }
  }, 300_000);

  it("never sees a protected manifest's change: the set-up reads the base's", async () => {
    const lines: string[] = [];
    const sandbox = await openSandbox({
      ...OPTIONS,
      workdir: checkout(DEPS.repo),
      protect: ["default", "requirements.txt"],
      log: (line) => lines.push(line),
    });
    try {
      const adds = await sandbox.judge({ id: "adds", patch: DEPS.patch("adds") });
      expect(adds.status).toBe("protected");
      expect(adds.protected).toEqual(["requirements.txt"]);
      expect(adds.stderr).toMatch(/No module named 'tinydep'/);
      expect(setupsRan(lines)).toEqual({ base: 1, own: [] });
    } finally {
      await sandbox.close();
    }
  }, 300_000);
});
