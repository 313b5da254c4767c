import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalogueAssistants, catalogueCategories, catalogueModels } from "@/db/catalogue";
import { modelIconPath } from "@/db/model-icons";

const shipped = (url: string) => fs.existsSync(path.join(process.cwd(), "public", url));
// The old placeholders were coloured tiles with two letters in a <text>; real pictures draw paths.
const isPicture = (url: string) => {
  const svg = fs.readFileSync(path.join(process.cwd(), "public", url), "utf8");
  return !svg.includes("<text") && /<(path|circle|rect x)/.test(svg);
};

describe("catalogue pictures", () => {
  it("maps a model family to its own mark and other models to their provider", () => {
    expect(modelIconPath("claude-sonnet", "anthropic")).toBe("/icons/models/claude.svg");
    expect(modelIconPath("veo-3", "google")).toBe("/icons/models/google.svg");
    expect(modelIconPath("gemini-flash", "google")).toBe("/icons/models/gemini.svg");
    expect(modelIconPath("gpt-4o", "openai")).toBe("/icons/models/openai.svg");
  });

  it("ships a real picture for every model, category and assistant", () => {
    const urls = [
      ...catalogueModels.map((m) => modelIconPath(m.modelName, m.provider)),
      ...catalogueCategories.map((c) => c.image),
      ...catalogueAssistants.map((a) => `/icons/assistants/${a.seedKey}.svg`),
      "/icons/default-model.svg",
    ];
    for (const url of urls) {
      expect(shipped(url), url).toBe(true);
      expect(isPicture(url), url).toBe(true);
    }
  });
});
