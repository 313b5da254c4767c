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

describe("messages", () => {
  it("ru and en have the same keys", () => {
    const keys = (o: Messages) => leaves(o).map(([k]) => k).sort();
    expect(keys(files.en)).toEqual(keys(files.ru));
  });
  it.each(Object.entries(files))("no %s message is empty or not a string", (_lang, messages) => {
    const bad = leaves(messages)
      .filter(([, v]) => typeof v !== "string" || v.trim() === "")
      .map(([k]) => k);
    expect(bad).toEqual([]);
  });
  it("the check sees an empty string in the file it reads", () => {
    const broken: Messages = { a: { b: "x", c: "" } };
    expect(leaves(broken).filter(([, v]) => v === "").map(([k]) => k)).toEqual(["a.c"]);
  });
});
