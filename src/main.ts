// The action's main step as `local-action run . src/main.ts .env` runs it (it imports an entry's `run()`);
// on GitHub, index.ts calls the same functions. The work is in action/main.ts.
export { cleanup, run } from "./action/main.js";
