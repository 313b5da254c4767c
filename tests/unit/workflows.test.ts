import fs from "node:fs";
import { validateWorkflow } from "@action-validator/core";
import { describe, expect, it } from "vitest";

// The workflows cannot run here: they are checked against GitHub's workflow schema (bundled in
// @action-validator/core, no network) and for the parts docs/operations.md promises.
const read = (name: string) => fs.readFileSync(`.github/workflows/${name}`, "utf8");

describe("GitHub Actions workflows", () => {
  it.each(["ci.yml", "preview.yml"])("%s is a valid workflow", (name) => {
    expect(validateWorkflow(read(name)).errors).toEqual([]);
  });

  it("the validator does reject a broken workflow", () => {
    const broken = read("ci.yml").replace("runs-on: ubuntu-24.04", "runs_on: ubuntu-24.04");
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
  });

  it("CI runs npm test on Node 20 against a PostgreSQL service on pull requests, and what Node 24 and 22 add", () => {
    const ci = read("ci.yml");
    expect(ci).toMatch(/^on:\n  pull_request:/m);
    expect(ci).toMatch(/services:\n\s+postgres:\n\s+image: postgres:\d+/);
    expect(ci).toMatch(/container: node:20-bookworm\n/);
    expect(ci).toMatch(/run: npm test$/m);
    // The same suites per line as .ci/run (docs/operations.md "Continuous integration and Node lines").
    const ciRun = fs.readFileSync(".ci/run", "utf8");
    expect(ciRun).toMatch(/^npm test$/m);
    const suites = ciRun.match(/^runtime_suites=\((.+)\)$/m)?.[1];
    expect(suites).toContain("tests/unit");
    for (const line of [24, 22]) {
      expect(ci.match(new RegExp(`- node: ${line}\\n\\s+suites: (.+)$`, "m"))?.[1]).toBe(suites);
      expect(ciRun).toMatch(new RegExp(`^run_on_node ${line}$`, "m"));
    }
    expect(ci).toMatch(/run: npx vitest run \$\{\{ matrix.suites \}\}$/m);
  });

  it("the preview deploys each pull request in demo mode with its own database, comments the URL and tears down on close", () => {
    const preview = read("preview.yml");
    expect(preview).toMatch(/types: \[opened, reopened, synchronize, closed\]/);
    expect(preview).toContain("-pr-${{ github.event.pull_request.number }}");
    expect(preview).toMatch(/flyctl postgres create --name "\$APP-db"/);
    expect(preview).toMatch(/flyctl deploy .*--build-arg APP_MODE=demo/s);
    expect(preview).toContain("uses: actions/github-script@v7");
    expect(preview).toMatch(/flyctl apps destroy "\$APP" --yes/);
    expect(preview).toMatch(/flyctl apps destroy "\$APP-db" --yes/);
  });
});
