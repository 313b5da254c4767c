"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { AssistantCardList } from "@/components/assistants/assistant-card-list";
import { imageTabFilter, IMAGE_TABS, type ImageTabKey } from "@/components/assistants/image-tabs";
import { LaunchedNotice } from "@/components/assistants/launch-notice";
import { useAssistantLauncher } from "@/components/assistants/use-assistant-launcher";
import { TabBar } from "@/components/ui/tab-bar";
import { useImageAssistants } from "@/lib/queries/assistants";
import "@/components/assistants/assistants.css";

const TAB_LABEL = {
  favorite: "tabFavorite",
  "a-b": "tabAll",
  editfoto: "tabEditfoto",
  genfoto: "tabGenfoto",
} as const satisfies Record<ImageTabKey, string>;

// /image-assistants: ready prompts for images, filtered by tab; each starts with an image model.
export default function ImageAssistantsScreen() {
  const t = useTranslations("ImageAssistants");
  const ta = useTranslations("Assistants");
  const [tab, setTab] = useState<ImageTabKey>("a-b");
  const { data, isError } = useImageAssistants();
  const launcher = useAssistantLauncher();
  const shown = data?.filter(imageTabFilter(tab));

  return (
    <div className="page assistants-page">
      <h1>{t("title")}</h1>
      <TabBar
        tabs={IMAGE_TABS}
        active={tab}
        label={(key) => t(TAB_LABEL[key])}
        onChange={setTab}
        testIdPrefix="image-tab"
      />
      {launcher.launched && <LaunchedNotice />}

      <AssistantCardList
        assistants={shown}
        isError={isError}
        emptyText={
          isError ? ta("soryNotFoundAssistents") : tab === "favorite" ? ta("soryNotFoundFavorits") : t("empty")
        }
        onOpen={launcher.open}
      />
      {launcher.modal}
    </div>
  );
}
