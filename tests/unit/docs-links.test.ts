import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README stays short, and every pointer into docs/ (markdown links, code comments) and every
// setting the server reads stays documented, so a reader of the repository alone can follow them.
const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

const markdownFiles = [
  "README.md",
  ...(fs.readdirSync(path.join(root, "docs"), { recursive: true }) as string[])
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join("docs", f)),
];

// GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens.
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

const anchorsOf = (file: string) =>
  new Set([...read(file).matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1].replace(/`/g, ""))));

// Links outside code: fenced blocks and code spans may hold brackets that are not links.
const linksOf = (file: string) =>
  [
    ...read(file)
      .replace(/```[\s\S]*?```/g, "")
      .replace(/`[^`\n]*`/g, "")
      .matchAll(/\]\(([^)\s]+)\)/g),
  ]
    .map((m) => m[1])
    .filter((target) => !/^[a-z]+:/.test(target));

describe("documentation", () => {
  it("keeps the README at 12 KB or less", () => {
    expect(fs.statSync(path.join(root, "README.md")).size).toBeLessThanOrEqual(12 * 1024);
  });

  it.each(markdownFiles)("%s links only to files and headings that exist", (file) => {
    const broken = linksOf(file).filter((target) => {
      const [target_path, anchor] = target.split("#");
      const linked = target_path ? path.join(path.dirname(file), target_path) : file;
      if (!fs.existsSync(path.join(root, linked))) return true;
      return anchor !== undefined && linked.endsWith(".md") && !anchorsOf(linked).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it("documents every variable lib/env.ts reads, in the README or docs/operations.md", () => {
    const schema = read("lib/env.ts").split("const envSchema")[1].split("});")[0];
    const variables = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(variables.length).toBeGreaterThan(40);
    const documented = read("README.md") + read("docs/operations.md");
    expect(variables.filter((v) => !documented.includes(`\`${v}\``))).toEqual([]);
  });

  it("code comments cite docs/ files that exist", () => {
    const codeDirs = ["app", "components", "lib", "db", "scripts", "tests", "bench", ".ci", ".github"];
    const files = codeDirs.flatMap((dir) =>
      (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[]).map((f) => path.join(dir, f)),
    );
    const cited = files
      .filter((f) => /\.(ts|tsx|mjs|cjs|js|yml)$/.test(f) || f === path.join(".ci", "run"))
      .flatMap((f) => [...read(f).matchAll(/\bdocs\/[\w./-]+\.md/g)].map((m) => ({ file: f, doc: m[0] })));
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter(({ doc }) => !fs.existsSync(path.join(root, doc)))).toEqual([]);
  });
});
