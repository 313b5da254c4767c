import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The operator console runs on the mini-app's rails (docs/product/console.md, "Code"): its screens
// read and change data only through lib/queries/admin (key factories, query options, hooks and
// mutations), and each screen stays short enough to read as its columns and fields. The checks parse
// the files with the TypeScript compiler, so formatting, comments and strings cannot fool them.

const root = path.resolve(__dirname, "../..");
const CONSOLE = "components/admin";
const MAX_FUNCTION_LINES = 80;

function sourceFiles(dir: string): ts.SourceFile[] {
  return (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file))
    .sort()
    .map((file) => {
      const name = path.join(dir, file);
      const text = fs.readFileSync(path.join(root, name), "utf8");
      return ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    });
}

function visit(file: ts.SourceFile, found: (node: ts.Node) => void) {
  const walk = (node: ts.Node) => {
    found(node);
    ts.forEachChild(node, walk);
  };
  walk(file);
}

const lineOf = (file: ts.SourceFile, pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;
const where = (file: ts.SourceFile, node: ts.Node) => `${file.fileName}:${lineOf(file, node.getStart(file))}`;

/** Every function of the files (declared, arrow, expression, method) longer than `max` lines, with its length. */
function longFunctions(files: ts.SourceFile[], max: number): string[] {
  const long: string[] = [];
  for (const file of files) {
    visit(file, (node) => {
      if (!ts.isFunctionLike(node) || !("body" in node) || !node.body) return;
      const lines = lineOf(file, node.getEnd()) - lineOf(file, node.getStart(file)) + 1;
      if (lines > max) long.push(`${where(file, node)} (${lines} lines)`);
    });
  }
  return long;
}

// The query hooks a screen would need to write its own key or mutation.
const QUERY_HOOKS = new Set(["useQuery", "useMutation", "useQueryClient", "useInfiniteQuery", "useSuspenseQuery"]);

/** Hand-written query keys and direct query hooks: `queryKey:` anywhere, or a query hook imported from TanStack Query. */
function handWrittenQueries(files: ts.SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    visit(file, (node) => {
      if (ts.isPropertyAssignment(node) && node.name.getText(file) === "queryKey")
        found.push(`${where(file, node)} queryKey`);
      if (
        ts.isImportDeclaration(node) &&
        ts.isStringLiteral(node.moduleSpecifier) &&
        node.moduleSpecifier.text === "@tanstack/react-query"
      ) {
        const names = node.importClause?.namedBindings;
        if (names && ts.isNamedImports(names))
          for (const name of names.elements)
            if (QUERY_HOOKS.has(name.name.text)) found.push(`${where(file, node)} ${name.name.text}`);
      }
    });
  }
  return found;
}

describe("the operator console's code", () => {
  const consoleFiles = sourceFiles(CONSOLE);

  it("has no function longer than 80 lines", () => {
    expect(consoleFiles.length).toBeGreaterThan(10);
    expect(longFunctions(consoleFiles, MAX_FUNCTION_LINES)).toEqual([]);
  });

  it("writes no query key and calls no query hook of its own: it reads and changes data through lib/queries/admin", () => {
    expect(handWrittenQueries(consoleFiles)).toEqual([]);
  });

  it("builds every key in lib/queries/admin from a factory under the console's root key", () => {
    const keyRoots: string[] = [];
    for (const file of sourceFiles("lib/queries/admin")) {
      visit(file, (node) => {
        // `all: ["admin", …] as const`: a factory's root; every other key spreads one.
        if (ts.isPropertyAssignment(node) && node.name.getText(file) === "all")
          keyRoots.push(node.initializer.getText(file));
      });
    }
    expect(keyRoots.length).toBeGreaterThan(5);
    for (const root of keyRoots) expect(root).toMatch(/^\[\s*"admin"/);
  });

  it("the length check sees a long function", () => {
    const body = Array.from({ length: 85 }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const probe = ts.createSourceFile("probe.tsx", `const f = () => {\n${body}\n};\n`, ts.ScriptTarget.Latest, true);
    expect(longFunctions([probe], MAX_FUNCTION_LINES)).toEqual(["probe.tsx:1 (87 lines)"]);
  });
});
