"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { AssistantCardList } from "@/components/assistants/assistant-card-list";
import { imageTabFilter, IMAGE_TABS, type ImageTabKey } from "@/components/assistants/image-tabs";
import { LaunchedNotice } from "@/components/assistants/launch-notice";
import { useAssistantLauncher } from "@/components/assistants/use-assistant-launcher";
import { useImageAssistants } from "@/lib/queries/assistants";
import "@/components/assistants/assistants.css";

const TAB_LABEL: Record<ImageTabKey, string> = { favorite: "tabFavorite", "a-b": "tabAll", editfoto: "tabEditfoto", genfoto: "tabGenfoto" };

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
      <div className="tabs" role="tablist">
        {IMAGE_TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`tabs__tab${tab === key ? " tabs__tab--active" : ""}`}
            data-testid={`image-tab-${key}`}
            onClick={() => setTab(key)}
          >
            {t(TAB_LABEL[key])}
          </button>
        ))}
      </div>
      {launcher.launched && <LaunchedNotice />}

      <AssistantCardList
        assistants={shown}
        isError={isError}
        emptyText={isError ? ta("soryNotFoundAssistents") : tab === "favorite" ? ta("soryNotFoundFavorits") : t("empty")}
        onOpen={launcher.open}
      />
      {launcher.modal}
    </div>
  );
}
