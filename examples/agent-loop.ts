// A write-test-fix loop on the library: the model writes code, the sandbox judges it against the tests,
// the feedback goes back to the model, until a reply passes or the turns run out.
//
//   npx tsx examples/agent-loop.ts [IMAGE]
//
// The "model" is a script, so the loop runs without an API key: a list of replies answered in turn, the
// kind a model gives on the way to a fix (prose, a syntax error, a wrong answer, the fix). Put a call
// to your model where `model` is. With an IMAGE (a local one with python3: `npm run demo` passes the
// test image) nothing is pulled; without, the python preset's image is pulled if missing.
import { readFileSync } from "node:fs";
import { openSandbox, type Observation } from "sandbox-gate";

const TASK = "Write a Python function add(a, b) that returns the sum of a and b, in one fenced block.";
const TESTS = { "test_solution.py": readFileSync(new URL("test_solution.py", import.meta.url), "utf8") };
const MAX_TURNS = 6;

const SCRIPTED_REPLIES = [
  "I would add the two numbers together and return the result.",
  "Here it is:\n\n```python\ndef add(a, b)\n    return a + b\n```",
  "Fixed the colon:\n\n```python\ndef add(a, b):\n    return a - b\n```",
  "Sorry, wrong operator:\n\n```python\ndef add(a, b):\n    return a + b\n```",
];

/** The stand-in for a model: each prompt gets the next scripted reply. */
function scriptedModel(replies: readonly string[]): (prompt: string) => Promise<string> {
  let turn = 0;
  return async () => replies[Math.min(turn++, replies.length - 1)]!;
}

/** What the model is told after a failing turn: the sandbox's feedback, as it is. */
function nextPrompt(observation: Observation): string {
  return `Your code did not pass (${observation.status}).\n${observation.feedback}`;
}

const image = process.argv[2];
const model = scriptedModel(SCRIPTED_REPLIES);
const sandbox = await openSandbox({
  language: "python",
  command: "python3 test_solution.py",
  timeout: "5s",
  ...(image ? { image, pull: "never" as const } : {}),
});
try {
  let prompt = TASK;
  let passed = false;
  for (let turn = 1; turn <= MAX_TURNS && !passed; turn++) {
    const reply = await model(prompt);
    const observation = await sandbox.judge({ reply, files: TESTS, id: `turn-${turn}` });
    console.log(`turn ${turn}: ${observation.status} in ${observation.duration_ms} ms`);
    // Our failure is not the model's: stop rather than ask it to fix what it did not break.
    if (observation.status === "sandbox_error") throw new Error(`the sandbox failed: ${observation.feedback}`);
    passed = observation.status === "pass";
    if (passed) console.log(`  stdout: ${observation.stdout.trim()}`);
    else {
      prompt = nextPrompt(observation);
      console.log(prompt.replace(/^/gm, "  > "));
    }
  }
  console.log(passed ? "the model's code passes the tests" : `no passing code after ${MAX_TURNS} turns`);
  process.exitCode = passed ? 0 : 1;
} finally {
  await sandbox.close();
}
