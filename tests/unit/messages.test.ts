import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import ru from "@/messages/ru.json";

const keys = (o: object, prefix = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe("messages", () => {
  it("ru and en have the same keys", () => {
    expect(keys(en).sort()).toEqual(keys(ru).sort());
  });
  it("no message is empty", () => {
    const empty = [...keys(ru), ...keys(en)].filter((k) => k.split(".").reduce<any>((o, p) => o?.[p], ru) === "");
    expect(empty).toEqual([]);
  });
});
