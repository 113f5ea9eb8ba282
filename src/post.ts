// The post step's logic, as `local-action run . src/main.ts .env --post src/post.ts` runs it: it
// imports an entry's `run()`. On GitHub the post step is dist/index.js again (action.yml's `post:`),
// told apart by the state the main step saved (index.ts); both end in cleanup().
export { cleanup as run } from "./action/cleanup.js";
