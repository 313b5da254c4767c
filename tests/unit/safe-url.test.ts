import { describe, expect, it } from "vitest";
import { safeUrl } from "@/lib/client/safe-url";

describe("safeUrl", () => {
  it.each(["https://example.com/a?b=1", "http://example.com", "mailto:me@example.com", "HTTPS://EXAMPLE.COM"])(
    "keeps %s",
    (url) => {
      expect(safeUrl(url)).toBe(url);
    },
  );
  it.each([
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "/relative",
    "#top",
    "",
    "file:///etc/passwd",
  ])("drops %j", (url) => {
    expect(safeUrl(url)).toBe("");
  });
});
