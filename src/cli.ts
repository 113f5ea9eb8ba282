// The `sandbox-gate` command (the package's bin): `run` judges FILEs, `merge` merges shard reports.
// Exit 0 when nothing fails the gate, 1 when a candidate does, 2 on bad usage or bad input, 3 when our
// side failed (a sandbox_error, or a crash of ours). cli/commands.ts does the work.
import { runCli, reportError } from "./cli/commands.js";
import { EXIT } from "./cli/options.js";
import { colourWanted, painter } from "./cli/style.js";

const io = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };

// Whatever escapes the run (a throw in a callback, a promise nobody awaited) is ours too: exit 3, not Node's 1.
const crash = (error: unknown): void => {
  reportError(error, process.stderr, painter(colourWanted(process.stderr.isTTY, process.env)));
  process.exit(EXIT.ours);
};
process.on("uncaughtException", crash);
process.on("unhandledRejection", crash);

process.exitCode = await runCli(process.argv.slice(2), io);
