import { describe, expect, it } from "vitest";
import { accessibleModelsFor, hasAccess, modelsFor } from "@/components/models/model-filters";
import { splitColumns } from "@/components/models/split-columns";
import type { ModelItem } from "@/lib/contracts/models";
import type { ModelAction } from "@/lib/shared/model-actions";
import { actionCost, defaultActionCost } from "@/lib/shared/pricing/job-price";
import { accessibleModelIds, toModelItem } from "@/lib/server/catalogue/access-rules";
import { retryDelayMs } from "@/lib/server/bot/outbox";
import { imageActionFor } from "@/lib/server/sessions/launch";

const model = (id: number, actions: Array<[string, boolean]>): ModelItem => ({
  model_id: id,
  model_name: `m${id}`,
  display_name: `M${id}`,
  image: "",
  gif: null,
  description: "",
  model_type_description: "text",
  vision: false,
  opened_by: null,
  actions: actions.map(([action, has_access]) => ({
    action: action as ModelAction,
    has_access,
    cost: defaultActionCost(action as ModelAction),
  })),
});

describe("splitColumns", () => {
  it("splits into two halves, the left one taking the odd item", () => {
    expect(splitColumns([1, 2, 3, 4, 5])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(splitColumns([1, 2, 3, 4])).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(splitColumns([1])).toEqual([[1], []]);
    expect(splitColumns([])).toEqual([[], []]);
  });
});

describe("model filters", () => {
  const models = [model(1, [["text", true]]), model(2, [["text", false]]), model(3, [["text_to_image", true]])];
  it("keeps the models with the action and tells access per action", () => {
    expect(modelsFor(models, "text").map((m) => m.model_id)).toEqual([1, 2]);
    expect(accessibleModelsFor(models, "text").map((m) => m.model_id)).toEqual([1]);
    expect(hasAccess(models[2], "text")).toBe(false);
    expect(hasAccess(models[2], "text_to_image")).toBe(true);
  });
});

describe("accessibleModelIds", () => {
  it("uses the tariff's models, or a Custom subscription's non-empty choice", () => {
    expect([...accessibleModelIds({ tariffModelIds: [1, 2] })]).toEqual([1, 2]);
    expect([...accessibleModelIds({ tariffModelIds: [1, 2], customModelIds: null })]).toEqual([1, 2]);
    expect([...accessibleModelIds({ tariffModelIds: [1, 2], customModelIds: [] })]).toEqual([1, 2]);
    expect([...accessibleModelIds({ tariffModelIds: [1, 2, 3], customModelIds: [3] })]).toEqual([3]);
  });

  it("flags every action of a model with its access", () => {
    const actions: ModelAction[] = ["text_to_video", "image_to_video"];
    const costs = { text_to_video: actionCost("text_to_video", 25), image_to_video: actionCost("image_to_video", 30) };
    const row = {
      id: 7,
      modelName: "x",
      displayName: "X",
      displayNameEn: null,
      image: "/i.svg",
      gif: null,
      description: "",
      descriptionEn: null,
      modelTypeDescription: "video",
      actions,
      vision: false,
      opened_by: null,
      costs,
    };
    expect(toModelItem(row, new Set([7]), "ru").actions.every((a) => a.has_access)).toBe(true);
    expect(toModelItem(row, new Set([7]), "ru").actions.map((a) => a.cost)).toEqual([
      { kind: "video_tokens", units: 25, per: "5_seconds" },
      { kind: "video_tokens", units: 30, per: "5_seconds" },
    ]);
    expect(toModelItem(row, new Set([8]), "ru").actions.every((a) => !a.has_access)).toBe(true);
  });

  it("says a text model sees images when the catalogue marks it; any other model does not", () => {
    const text = {
      id: 8,
      modelName: "t",
      displayName: "T",
      displayNameEn: null,
      image: "/i.svg",
      gif: null,
      description: "",
      descriptionEn: null,
      modelTypeDescription: "text",
      actions: ["text"] as ModelAction[],
      vision: true,
      costs: { text: actionCost("text", 1) },
    };
    expect(toModelItem(text, new Set(), "en").vision).toBe(true);
    expect(toModelItem({ ...text, vision: false }, new Set(), "en").vision).toBe(false);
    const editor = {
      ...text,
      actions: ["generate_image"] as ModelAction[],
      costs: { generate_image: actionCost("generate_image", 6) },
    };
    expect(toModelItem(editor, new Set(), "en").vision).toBe(false);
  });

  it("answers the model's texts in the caller's language, the Russian where no English is set", () => {
    const row = {
      id: 7,
      modelName: "x",
      displayName: "Икс",
      displayNameEn: "X",
      image: "/i.svg",
      gif: null,
      description: "Быстрая",
      descriptionEn: null,
      modelTypeDescription: "text",
      actions: [] as ModelAction[],
      vision: false,
      opened_by: null,
      costs: {},
    };
    expect(toModelItem(row, new Set(), "en")).toMatchObject({ display_name: "X", description: "Быстрая" });
    expect(toModelItem(row, new Set(), "ru")).toMatchObject({ display_name: "Икс", description: "Быстрая" });
  });
});

describe("retryDelayMs", () => {
  it("doubles per attempt up to the cap, and a retry_after wins", () => {
    const base = { baseDelayMs: 1000, maxDelayMs: 5000 };
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs({ attempt, ...base }))).toEqual([1000, 2000, 4000, 5000]);
    expect(retryDelayMs({ attempt: 3, ...base, retryAfterSeconds: 7 })).toBe(7000);
  });
});

describe("imageActionFor", () => {
  it("maps action_type text to text_to_image and photo to generate_image", () => {
    expect(imageActionFor("text")).toBe("text_to_image");
    expect(imageActionFor("photo")).toBe("generate_image");
  });
});
