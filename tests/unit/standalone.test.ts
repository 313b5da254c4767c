import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { completeStandalone, standaloneComplete } from "../../scripts/standalone.mjs";

// A fake build folder beside the real ones (ignored by git like every .next-*).
const distDir = `.next-unit-${crypto.randomBytes(4).toString("hex")}`;
afterEach(() => fs.rmSync(distDir, { recursive: true, force: true }));

describe("completing the standalone folder", () => {
  it("is refused without a standalone build", () => {
    expect(completeStandalone(distDir)).toBe(false);
    expect(standaloneComplete(distDir)).toBe(false);
  });

  it("copies public/ and the static assets in and puts our server.js in place of Next's", () => {
    fs.mkdirSync(path.join(distDir, "standalone"), { recursive: true });
    fs.writeFileSync(path.join(distDir, "standalone", "server.js"), "// Next's server");
    fs.mkdirSync(path.join(distDir, "static", "chunks"), { recursive: true });
    fs.writeFileSync(path.join(distDir, "static", "chunks", "app.js"), "chunk");

    expect(completeStandalone(distDir)).toBe(true);
    const target = path.join(distDir, "standalone");
    expect(fs.readFileSync(path.join(target, distDir, "static", "chunks", "app.js"), "utf8")).toBe("chunk");
    expect(fs.existsSync(path.join(target, "public", "logo.svg"))).toBe(true);
    expect(fs.readFileSync(path.join(target, "server.js"), "utf8")).toBe(fs.readFileSync("scripts/server.cjs", "utf8"));
    expect(standaloneComplete(distDir)).toBe(true);
  });
});
