"use client";
import { Link } from "wouter";
import { useTranslations } from "next-intl";
import { ModelIcon } from "@/components/models/model-icon";
import { useAssistantCategories } from "@/lib/queries/assistants";
import { routes } from "@/lib/routes";
import "@/components/assistants/assistants.css";

const SKELETONS = 8;

// /text-assistants: the favourites tile and the category grid.
export default function TextAssistantsScreen() {
  const t = useTranslations("Assistants");
  const { data, isPending, isError } = useAssistantCategories();

  if (isError || (data && data.length === 0)) {
    return (
      <div className="page assistants-nodata" data-testid="assistants-nodata">
        <h1>{t("noDataTitle")}</h1>
        <p className="hint">{t("noDataAdvice")}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t("reload")}
        </button>
      </div>
    );
  }

  return (
    <div className="page assistants-page">
      <h1>{t("title")}</h1>
      <Link href={routes.favorites()} className="favorites-tile" data-testid="favorites-tile">
        <span className="favorites-tile__heart" aria-hidden>
          ♥
        </span>
        <span>
          <span className="favorites-tile__title">{t("favorites")}</span>
          <span className="favorites-tile__hint">{t("favoritesHint")}</span>
        </span>
        <span className="favorites-tile__arrow" aria-hidden>
          ›
        </span>
      </Link>
      <div className="category-grid">
        {isPending &&
          Array.from({ length: SKELETONS }, (_, i) => (
            <div key={i} className="category-tile category-tile--skeleton" data-testid="category-skeleton" />
          ))}
        {data?.map((category) => (
          <Link
            key={category.ai_chat_type}
            href={routes.assistantCategory(category.ai_chat_type, category.name)}
            className="category-tile"
            data-testid={`category-${category.ai_chat_type}`}
          >
            <ModelIcon src={category.image} size={40} />
            <span className="category-tile__name">{category.name}</span>
          </Link>
        ))}
      </div>
    </div>
  );
}
