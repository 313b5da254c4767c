import type { AssistantItem } from "@/lib/contracts/assistants";

// Filter tabs of /image-assistants (docs/product/screens.md): favourites, all (a-b), photo editing, generation.
export const IMAGE_TABS = ["favorite", "a-b", "editfoto", "genfoto"] as const;
export type ImageTabKey = (typeof IMAGE_TABS)[number];

export const imageTabFilter =
  (tab: ImageTabKey) =>
  (assistant: AssistantItem): boolean =>
    tab === "a-b" ? true : tab === "favorite" ? assistant.has_user : assistant.image_tab === tab;
