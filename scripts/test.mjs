// `npm test`: every check the project has, in stages, then how long each took. The typecheck and
// the lint run side by side (each is one thread); the unit and API suites, the build and the
// end-to-end flows run one after another, each spreading over the cores itself (Vitest workers,
// Playwright workers with a server each). `STAGE_TIMES_FILE` (set by .ci/run) collects the times.
import { spawn } from "node:child_process";
import fs from "node:fs";

const stages = [
  { name: "install", commands: [["npm", "ci", "--no-audit", "--no-fund"]] },
  {
    name: "typecheck + lint",
    commands: [
      ["npx", "tsc", "--noEmit"],
      ["npm", "run", "lint"],
    ],
  },
  { name: "unit + API suites", commands: [["npx", "vitest", "run"]] },
  { name: "build", commands: [["npm", "run", "build"]] },
  { name: "end-to-end flows", commands: [["npx", "playwright", "test"]] },
];

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const times = [];
let failed;
for (const stage of stages) {
  const started = Date.now();
  console.log(`\n▶ ${stage.name}: ${stage.commands.map((c) => c.join(" ")).join("  &  ")}`);
  const codes = await Promise.all(stage.commands.map(run));
  times.push({ name: stage.name, seconds: Math.round((Date.now() - started) / 1000) });
  if (codes.some((code) => code !== 0)) {
    failed = stage.name;
    break;
  }
}

const lines = times.map((t) => `npm test · ${t.name.padEnd(20)} ${String(t.seconds).padStart(5)} s`);
console.log(`\n${lines.join("\n")}\n`);
if (process.env.STAGE_TIMES_FILE) fs.appendFileSync(process.env.STAGE_TIMES_FILE, `${lines.join("\n")}\n`);
if (failed) {
  console.error(`npm test failed in: ${failed}`);
  process.exit(1);
}
