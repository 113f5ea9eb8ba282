import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: ["test/integration/**"],
          // A test's time limit is there to end a hang, never to time the code: several unit tests start
          // processes (the bundled CLI, git, tsx, local-action), which take seconds on a loaded machine.
          testTimeout: 60_000,
          // Unit tests first: they fail fast and need no engine.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          exclude: ["test/integration/busy-machine.test.ts"],
          globalSetup: ["test/integration/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Two cores: more files at once only makes wall-clock limits flaky.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "busy machine",
          include: ["test/integration/busy-machine.test.ts"],
          // The integration project's global set-up (engine check, owner label, TMPDIR) covers this one too:
          // vitest runs every project's set-up before the first group and its teardown after the last.
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Last and alone: its hogs are the load it measures, and they would stretch every other file's run.
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
