"use client";
import { useTranslations } from "next-intl";
import type { ConsoleScreenProps } from "./console-route";
import { AssistantsSection } from "./catalogue/assistants-section";
import { ModelsSection } from "./catalogue/models-section";
import { PackagesSection } from "./catalogue/packages-section";
import { TariffsSection } from "./catalogue/tariffs-section";

const SECTIONS = {
  models: ModelsSection,
  tariffs: TariffsSection,
  packages: PackagesSection,
  assistants: AssistantsSection,
} as const;
type Section = keyof typeof SECTIONS;
const isSection = (value: string): value is Section => value in SECTIONS;

/** The catalogue ("#catalogue/<section>"): models, tariffs, packages, assistants. Every change applies without a deploy. */
export default function CatalogueTab({ route }: ConsoleScreenProps) {
  const t = useTranslations("admin.catalogue");
  const section: Section = isSection(route.rest) ? route.rest : "models";
  const Screen = SECTIONS[section];
  return (
    <section data-testid="admin-catalogue">
      <h1>{t("title")}</h1>
      <nav className="admin-subnav" aria-label={t("sections")}>
        {(Object.keys(SECTIONS) as Section[]).map((s) => (
          <a key={s} href={`#catalogue/${s}`} aria-current={s === section ? "page" : undefined}>
            {t(`section.${s}`)}
          </a>
        ))}
      </nav>
      <Screen />
    </section>
  );
}
