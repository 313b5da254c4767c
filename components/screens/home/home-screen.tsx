"use client";
import { Suspense, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { useTranslations } from "next-intl";
import { launchUserSnapshot } from "@/lib/client/account-snapshot";
import { currentLaunch } from "@/lib/client/launch-params";
import type { PickerType } from "@/lib/shared/model-actions";
import { routes } from "@/lib/routes";
import { AfterPaint } from "@/components/ui/after-paint";
import { lazyPart } from "@/components/shell/lazy-part";
import { PageSpinner } from "@/components/ui/page-spinner";
import { LazyModelPicker } from "@/components/models/lazy-model-picker";
import { QuotaLine } from "./quota-line";

type Group = "text" | "image" | "audio";

// Reads the user's statistic: its code (and TanStack Query's observers) loads after the greeting is painted.
const HomeQuota = lazyPart(() => import("./home-quota"));

export default function HomeScreen() {
  const t = useTranslations("Home");
  const user = currentLaunch()?.user;
  const name = user?.username ? `@${user.username}` : (user?.first_name ?? "");
  // Each group shows either its cards or the inline model picker of the chosen type.
  const [picker, setPicker] = useState<{ group: Group; type: PickerType } | null>(null);
  const open = (group: Group, type: PickerType) => () => setPicker({ group, type });
  const pickerFor = (group: Group) =>
    picker?.group === group ? (
      <Suspense fallback={<PageSpinner />}>
        <LazyModelPicker type={picker.type} onClose={() => setPicker(null)} />
      </Suspense>
    ) : null;

  return (
    <div className="page home">
      <h1 className="home__greeting" data-testid="greeting">
        {t("greeting", { name })}
      </h1>

      <Section title={t("textTitle")}>
        {pickerFor("text") ?? (
          <div className="card-grid">
            {/* The card's button covers the card; the quota link sits above it, beside and not inside it. */}
            <div className="card card--with-link" data-testid="card-new-dialog">
              <button type="button" className="card__cover" onClick={open("text", "text")}>
                <CardBody icon="💬" title={t("newDialog")} />
              </button>
              {/* The first frame shows the balance last seen on this device; the statistic call updates it. */}
              <AfterPaint placeholder={<QuotaLine remaining={launchUserSnapshot().textTokens} />}>
                <HomeQuota />
              </AfterPaint>
            </div>
            <CardLink testId="card-assistants" icon="🤖" title={t("assistants")} href={routes.textAssistants()} />
            <CardLink testId="card-history" icon="🗂️" title={t("myDialogs")} href={routes.history()} />
            <CardButton testId="card-document" icon="📄" title={t("processDocument")} onClick={open("text", "files")} />
          </div>
        )}
      </Section>

      <Section title={t("imageTitle")}>
        {pickerFor("image") ?? (
          <div className="card-grid card-grid--3">
            <CardButton
              testId="card-create-image"
              icon="🎨"
              title={t("createImage")}
              onClick={open("image", "text_to_image")}
            />
            <CardLink
              testId="card-image-assistants"
              icon="✨"
              title={t("readyPrompts")}
              href={routes.imageAssistants()}
            />
            <CardButton
              testId="card-edit-photo"
              icon="🖼️"
              title={t("editPhoto")}
              onClick={open("image", "generate_image")}
            />
          </div>
        )}
      </Section>

      <Section title={t("videoTitle")}>
        <div className="card-grid card-grid--3">
          <CardLink
            testId="card-text-to-video"
            icon="🎬"
            title={t("textToVideo")}
            href={routes.video("text_to_video")}
          />
          <CardLink testId="card-avatar" icon="🧑‍🎤" title={t("aiAvatar")} href={routes.video("video_to_video")} />
          <CardLink
            testId="card-image-to-video"
            icon="🌄"
            title={t("imageToVideo")}
            href={routes.video("image_to_video")}
          />
        </div>
      </Section>

      <Section title={t("audioTitle")}>
        {pickerFor("audio") ?? (
          <div className="card-grid card-grid--3">
            <CardButton
              testId="card-speech-to-text"
              icon="📝"
              title={t("dubText")}
              onClick={open("audio", "speech_to_text")}
            />
            <CardButton
              testId="card-noise"
              icon="🔇"
              title={t("noiseRemoval")}
              onClick={open("audio", "noise_removal")}
            />
            <CardButton testId="card-dubbing" icon="🗣️" title={t("dubbing")} onClick={open("audio", "dubbing")} />
          </div>
        )}
      </Section>

      <Section title={t("settingsTitle")}>
        <div className="card-grid card-grid--3">
          <CardLink testId="card-cabinet" icon="👤" title={t("cabinet")} href={routes.personalAccount()} />
          <CardLink testId="card-tariff" icon="💎" title={t("changeTariff")} href={routes.tariff()} />
          <CardLink testId="card-market" icon="🛒" title={t("market")} href={routes.packStore()} />
        </div>
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="home-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

type CardProps = { testId: string; icon: string; title: string; children?: ReactNode };

function CardBody({ icon, title, children }: Omit<CardProps, "testId">) {
  return (
    <>
      <span className="card__icon" aria-hidden>
        {icon}
      </span>
      <span className="card__title">{title}</span>
      {children && <span className="card__hint">{children}</span>}
    </>
  );
}

function CardLink({ href, testId, ...body }: CardProps & { href: string }) {
  return (
    <Link href={href} className="card" data-testid={testId}>
      <CardBody {...body} />
    </Link>
  );
}

function CardButton({ onClick, testId, ...body }: CardProps & { onClick: () => void }) {
  return (
    <button type="button" className="card" data-testid={testId} onClick={onClick}>
      <CardBody {...body} />
    </button>
  );
}
