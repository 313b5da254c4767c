#!/usr/bin/env node
// Completes Next's standalone folder (<distDir>/standalone) after `next build`: Next leaves out the
// browser assets (public/, <distDir>/static) and writes a server.js of its own, which keeps a
// client-sent X-Forwarded-For as it is and exits without a deadline; ours (scripts/server.cjs)
// replaces it. The folder is then the whole deployment: `node server.js` inside it.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const { writeRouteMethods } = createRequire(import.meta.url)("./request-guard.cjs");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function standaloneDir(distDir = process.env.NEXT_DIST_DIR || ".next") {
  return path.resolve(root, distDir, "standalone");
}

/** Copies the assets and our server into the standalone folder; false when there is no build. */
export function completeStandalone(distDir = process.env.NEXT_DIST_DIR || ".next") {
  const target = standaloneDir(distDir);
  if (!fs.existsSync(path.join(target, "server.js"))) return false;
  fs.cpSync(path.join(root, "public"), path.join(target, "public"), { recursive: true });
  fs.cpSync(path.resolve(root, distDir, "static"), path.join(target, distDir, "static"), { recursive: true });
  fs.copyFileSync(path.join(root, "scripts", "server.cjs"), path.join(target, "server.js"));
  fs.copyFileSync(path.join(root, "scripts", "request-guard.cjs"), path.join(target, "request-guard.cjs"));
  writeRouteMethods(path.join(root, "app"), target);
  fs.writeFileSync(path.join(target, ".standalone-complete"), "");
  return true;
}

/** Whether completeStandalone already ran on this build (Next empties the folder on every build). */
export function standaloneComplete(distDir = process.env.NEXT_DIST_DIR || ".next") {
  return fs.existsSync(path.join(standaloneDir(distDir), ".standalone-complete"));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (!completeStandalone()) {
    console.error(`No standalone build in ${standaloneDir()}: run \`npm run build\` first.`);
    process.exit(1);
  }
  console.log(`Standalone server ready: ${path.relative(process.cwd(), standaloneDir())}/server.js`);
}
