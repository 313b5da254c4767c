import { isStructurallySame, parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import ru from "@/messages/ru.json";

type Messages = { [key: string]: string | Messages };

// Every leaf of one language file, with its dotted key and its own string.
const leaves = (o: Messages, prefix = ""): [string, unknown][] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === "object" ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, unknown]],
  );

const files = { ru: ru as Messages, en: en as Messages };

// Why two ICU messages would not take the same values: a placeholder, its type (plain, number,
// date, plural, select) or a rich-text tag only one of them has. Null when they agree.
const placeholderMismatch = (a: string, b: string): string | null => {
  const same = isStructurallySame(parse(a), parse(b));
  return same.success ? null : String(same.error?.message);
};

describe("messages", () => {
  it("ru and en have the same keys", () => {
    const keys = (o: Messages) =>
      leaves(o)
        .map(([k]) => k)
        .sort();
    expect(keys(files.en)).toEqual(keys(files.ru));
  });
  it.each(Object.entries(files))("no %s message is empty or not a string", (_lang, messages) => {
    const bad = leaves(messages)
      .filter(([, v]) => typeof v !== "string" || v.trim() === "")
      .map(([k]) => k);
    expect(bad).toEqual([]);
  });
  it("ru and en messages have the same ICU placeholders", () => {
    const english = new Map(leaves(files.en));
    const mismatches = leaves(files.ru)
      .map(([key, text]) => [key, placeholderMismatch(String(text), String(english.get(key)))])
      .filter(([, why]) => why !== null);
    expect(mismatches).toEqual([]);
  });
  it("the placeholder check sees a renamed, a retyped and a missing placeholder", () => {
    expect(placeholderMismatch("Hi {name}", "Привет, {name}")).toBeNull();
    expect(placeholderMismatch("Hi {name}", "Привет, {nom}")).not.toBeNull();
    expect(placeholderMismatch("{n, number} days", "{n} дней")).not.toBeNull();
    expect(placeholderMismatch("Paid {amount}: {what}", "Оплачено {amount}")).not.toBeNull();
  });
  it("the check sees an empty string in the file it reads", () => {
    const broken: Messages = { a: { b: "x", c: "" } };
    expect(
      leaves(broken)
        .filter(([, v]) => v === "")
        .map(([k]) => k),
    ).toEqual(["a.c"]);
  });
});
