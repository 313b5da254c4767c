import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { currentIndex, decisionRecords, indexLines } from "../../scripts/decisions-index.mjs";

// docs/README.md lists every decision record under "Decisions", each with its own title, in number
// order: the list is what scripts/decisions-index.mjs generates from docs/decisions/.
describe("the decisions index", () => {
  it("every record starts with `# NNNN. Title`, its own number", () => {
    const broken = decisionRecords()
      .filter((record: { problem: string | null }) => record.problem)
      .map((record: { file: string; problem: string }) => `docs/decisions/${record.file}: ${record.problem}`);
    expect(broken).toEqual([]);
  });

  it("docs/README.md lists every record with its title, in number order (npm run docs:index writes it)", () => {
    const expected: string[] = indexLines();
    const listed: string[] = currentIndex();
    const missing = expected.filter((line) => !listed.includes(line));
    const stale = listed.filter((line) => !expected.includes(line));
    expect({ missing, stale }, "run `npm run docs:index` to regenerate the list").toEqual({ missing: [], stale: [] });
    expect(listed).toEqual(expected);
  });
});
