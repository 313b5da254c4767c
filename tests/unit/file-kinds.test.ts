import { describe, expect, it } from "vitest";
import { fileExtension, fileKind, fileNameOf } from "@/components/history/file-kinds";

describe("fileKind", () => {
  it.each([
    ["photo.PNG", "image"],
    ["/api/files/ai/2026/01/3f2a.jpeg?exp=1&sig=x", "image"],
    ["https://cdn.example.com/v/clip.mp4#t=3", "video"],
    ["voice.ogg", "audio"],
    ["answer.m4a", "audio"],
    ["report.pdf", "document"],
    ["table.xlsx", "document"],
    ["backup.tar.gz", "archive"],
    ["src.7z", "archive"],
    ["main.py", "code"],
    ["component.tsx", "code"],
    ["README", "file"],
    [".env", "file"],
    ["strange.xyz", "file"],
    ["https://example.com/dir.png/file", "file"],
  ])("%s is %s", (name, kind) => {
    expect(fileKind(name)).toBe(kind);
  });
});

describe("fileExtension and fileNameOf", () => {
  it("read the last path segment without the query", () => {
    expect(fileExtension("/api/files/a/b/c.WebP?sig=1.2")).toBe("webp");
    expect(fileExtension("https://example.com/")).toBe("");
    expect(fileNameOf("/api/files/user/2026/01/%D1%84%D0%B0%D0%B9%D0%BB.pdf?exp=1")).toBe("файл.pdf");
    expect(fileNameOf("https://example.com/")).toBe("file");
    expect(fileNameOf("bad%E0.txt")).toBe("bad%E0.txt");
  });
});
