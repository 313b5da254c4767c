import { describe, expect, it } from "vitest";
import {
  cardBalance,
  cardStyleIndex,
  isActiveTariff,
  pickCardModels,
  shuffle,
} from "@/components/tariffs/tariff-cards";
import type { StandardTariff, TariffModel } from "@/lib/contracts/tariff";

const m = (id: number, type: string): TariffModel => ({ id, name: `m${id}`, provider: "p", image: "", type });
const models = [
  m(1, "text"),
  m(2, "text"),
  m(3, "text"),
  m(4, "text"),
  m(5, "text"),
  m(6, "image_edit"),
  m(7, "files"),
  m(8, "audio"),
  m(9, "video"),
  m(10, "image"),
];

describe("tariff cards", () => {
  it("cycles through five styles", () => {
    expect([0, 1, 4, 5, 6, 11].map(cardStyleIndex)).toEqual([0, 1, 4, 0, 1, 1]);
  });
  it("shuffle keeps every item and does not touch the input", () => {
    const input = [1, 2, 3, 4, 5];
    const out = shuffle(input, () => 0);
    expect(out.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(input).toEqual([1, 2, 3, 4, 5]);
    expect(shuffle(input, () => 0)).toEqual([2, 3, 4, 5, 1]);
  });
  it("picks at most four text models and one random model per other kind", () => {
    const picked = pickCardModels(models, () => 0.99);
    expect(picked.text).toHaveLength(4);
    expect(picked.text.every((x) => x.type === "text")).toBe(true);
    expect(picked.image?.id).toBe(10);
    expect(picked.files?.id).toBe(7);
    expect(picked.audio?.id).toBe(8);
    expect(picked.video?.id).toBe(9);
    expect(pickCardModels(models, () => 0).image?.id).toBe(6);
  });
  it("a kind without models gives null, and 'file' counts as files", () => {
    const picked = pickCardModels([m(1, "text"), m(2, "file")]);
    expect(picked.text).toHaveLength(1);
    expect(picked.files?.id).toBe(2);
    expect(picked.video).toBeNull();
  });
  it("reads each kind's balance", () => {
    const t = {
      token_balance: 1,
      image_balance: 2,
      file_balance: 3,
      video_balance: 4,
      minutes_balance: 5,
    } as StandardTariff;
    expect(["text", "image", "files", "video", "audio"].map((k) => cardBalance(t, k as "text"))).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });
  it("the active card equals the stored tariff, null meaning Free", () => {
    expect(isActiveTariff("Free", null, "Free")).toBe(true);
    expect(isActiveTariff("Starter", null, "Free")).toBe(false);
    expect(isActiveTariff("Starter", "Starter", "Free")).toBe(true);
  });
});
