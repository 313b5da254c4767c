import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer rule of eslint.config.mjs, run on snippets placed in each layer: it must refuse what
// crosses a layer (by "@/..." alias or relative path alike) and let the allowed imports through.
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "import/no-restricted-paths").map((m) => m.message);
}

describe("the layer lint rule", () => {
  it("refuses lib/server and db in components", async () => {
    const errors = await layerErrors(
      "components/probe.tsx",
      'import { getDb } from "@/db";\nimport { rootLogger } from "../lib/server/log";\nexport const probe = [getDb, rootLogger];\n',
    );
    expect(errors).toHaveLength(2);
  });

  it("refuses lib/server in db", async () => {
    const errors = await layerErrors(
      "db/probe.ts",
      'import { ApiError } from "@/lib/server/http/api-error";\nexport const probe = ApiError;\n',
    );
    expect(errors).toEqual([expect.stringContaining("db/ sits below lib/server")]);
  });

  it("refuses lib/server in lib/shared and browser code in lib/shared", async () => {
    const errors = await layerErrors(
      "lib/shared/probe.ts",
      'import { rootLogger } from "@/lib/server/log";\nimport { safeUrl } from "../client/safe-url";\nexport const probe = [rootLogger, safeUrl];\n',
    );
    expect(errors).toHaveLength(2);
  });

  it("lets components import shared rules and lib/client", async () => {
    const errors = await layerErrors(
      "components/probe.tsx",
      'import { toKopecks } from "@/lib/shared/money";\nimport { safeUrl } from "@/lib/client/safe-url";\nexport const probe = [toKopecks, safeUrl];\n',
    );
    expect(errors).toEqual([]);
  });
});
