// Run in a child process by namespace.test.ts, which hands it descriptors 3 and 4 without close-on-exec,
// as a runner may hand them to the gate: one candidate lists its open descriptors on stdout.
import { CliEngine } from "../../../src/sandbox/engines/cli/cli-engine.js";
import { NamespaceEngine } from "../../../src/sandbox/engines/namespace/namespace.js";
import { pythonJob } from "../jobs.js";

const engine = new NamespaceEngine(new CliEngine());
const facts = await engine.run(pythonJob("import os\nprint(sorted(os.listdir('/proc/self/fd')))", process.argv[2]!));
process.stdout.write(facts.stdout.text + facts.stderr.text);
await engine.close();
