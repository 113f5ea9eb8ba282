// The action's main step as `local-action run . src/main.ts .env` runs it (it imports an entry's `run()`);
// on GitHub, index.ts calls the same functions. The work is in action/run-action.ts, the post step's in action/cleanup.ts.
export { run } from "./action/run-action.js";
export { cleanup } from "./action/cleanup.js";
