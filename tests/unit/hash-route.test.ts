import { describe, expect, it } from "vitest";
import { hashQueryMoved } from "@/lib/client/hash-route";

describe("a deep link with its query after the hash", () => {
  it("moves the route's query to the page's search part", () => {
    expect(hashQueryMoved("https://app.example.com/#/video?action=text_to_video")).toBe(
      "/?action=text_to_video#/video",
    );
  });

  it("joins it to the page's own query (the demo's parameters stay)", () => {
    expect(hashQueryMoved("https://app.example.com/?demo_user=7#/video/setup?action=image_to_video&modelId=3")).toBe(
      "/?demo_user=7&action=image_to_video&modelId=3#/video/setup",
    );
  });

  it("leaves a link without a query in its hash, or with launch params, alone", () => {
    expect(hashQueryMoved("https://app.example.com/?action=text_to_video#/video")).toBeNull();
    expect(hashQueryMoved("https://app.example.com/#tgWebAppData=abc&tgWebAppVersion=8.0")).toBeNull();
  });
});
