import fs from "node:fs";
import { DockerfileParser, type Instruction, type ModifiableInstruction } from "dockerfile-ast";
import { describe, expect, it } from "vitest";

// Docker is not available where the tests run: the Dockerfile is checked as parsed text instead.
const dockerfile = DockerfileParser.parse(fs.readFileSync("Dockerfile", "utf8"));
const nodeImageArg = dockerfile
  .getInitialARGs()
  .map((arg) => arg.getProperty())
  .find((property) => property?.getName() === "NODE_IMAGE");

type Stage = { name: string; image: string; instructions: Instruction[] };
const stages: Stage[] = [];
for (const instruction of dockerfile.getInstructions()) {
  if (instruction.getKeyword() === "FROM") {
    const [image, , name] = instruction.getArguments().map((arg) => arg.getValue());
    stages.push({ name: name ?? "", image, instructions: [] });
  } else stages.at(-1)?.instructions.push(instruction);
}
const final = stages.at(-1)!;
const inFinal = (keyword: string) => final.instructions.filter((instruction) => instruction.getKeyword() === keyword);
const args = (instruction: Instruction) => instruction.getArguments().map((arg) => arg.getValue());

describe("Dockerfile", () => {
  it("builds in stages from an active Node LTS slim image", () => {
    expect(stages.map((stage) => stage.name)).toEqual(["deps", "build", "runtime"]);
    expect(stages.every((stage) => stage.image === "${NODE_IMAGE}")).toBe(true);
    expect(nodeImageArg?.getValue()).toMatch(/^node:(22|24)-bookworm-slim$/);
  });

  it("builds with npm ci and npm run build (which completes the standalone folder)", () => {
    const runs = stages.flatMap((stage) =>
      stage.instructions.filter((i) => i.getKeyword() === "RUN").map((i) => i.getArgumentsContent()),
    );
    expect(runs).toEqual(expect.arrayContaining([expect.stringMatching(/^npm ci\b/), "npm run build"]));
    expect(inFinal("RUN").every((run) => !/npm|next/.test(run.getArgumentsContent() ?? ""))).toBe(true);
  });

  it("ships only the standalone output in the final stage, owned by and run as a non-root user", () => {
    const copies = inFinal("COPY") as ModifiableInstruction[];
    expect(copies).toHaveLength(1);
    const flags = Object.fromEntries(copies[0].getFlags().map((flag) => [flag.getName(), flag.getValue()]));
    expect(flags).toEqual({ from: "build", chown: "node:node" });
    expect(args(copies[0])).toEqual(["/app/.next/standalone", "./"]);
    const users = inFinal("USER").map((user) => args(user)[0]);
    expect(users).toEqual(["node"]);
    // The user switch comes before the command, so the server never runs as root.
    const order = final.instructions.map((instruction) => instruction.getKeyword());
    expect(order.indexOf("USER")).toBeLessThan(order.indexOf("CMD"));
  });

  it("listens on all interfaces, exposes the port, checks /api/health and runs the standalone server", () => {
    const env = inFinal("ENV")
      .map((instruction) => instruction.getArgumentsContent())
      .join(" ");
    expect(env).toMatch(/HOSTNAME=0\.0\.0\.0/);
    expect(env).toMatch(/PORT=3000/);
    expect(inFinal("EXPOSE").map((expose) => args(expose)[0])).toEqual(["3000"]);
    const [healthcheck, ...more] = inFinal("HEALTHCHECK");
    expect(more).toEqual([]);
    expect(healthcheck.getArgumentsContent()).toMatch(/CMD .*\/api\/health/);
    expect(inFinal("CMD").map((cmd) => cmd.getArgumentsContent())).toEqual(['["node", "server.js"]']);
  });

  it("keeps local builds, dependencies, data and secrets out of the build context", () => {
    const ignored = fs.readFileSync(".dockerignore", "utf8").split("\n");
    expect(ignored).toEqual(expect.arrayContaining(["node_modules", ".next", ".next-*", ".data", ".env*", ".git"]));
  });
});
