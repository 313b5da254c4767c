#!/usr/bin/env node
// `npm start`: runs the standalone build (<NEXT_DIST_DIR or .next>/standalone/server.js, see
// scripts/server.cjs) inside this very process, so a host's SIGTERM reaches the server itself.
// After a plain `next build` (no `npm run build`) the folder is completed here first.
import { createRequire } from "node:module";
import path from "node:path";
import { completeStandalone, standaloneComplete, standaloneDir } from "./standalone.mjs";

if (!standaloneComplete() && !completeStandalone()) {
  console.error(`No standalone build in ${standaloneDir()}: run \`npm run build\` first.`);
  process.exit(1);
}
createRequire(import.meta.url)(path.join(standaloneDir(), "server.js"));
