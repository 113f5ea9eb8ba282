// The action's entry: run() on the main step, cleanup() on the post step (state tells them apart).
import * as core from "@actions/core";
import { cleanup, run } from "./main.js";

if (core.getState("isPost") === "true") {
  await cleanup();
} else {
  core.saveState("isPost", "true");
  await run();
}
