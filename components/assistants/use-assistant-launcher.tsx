"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { launchErrorKind } from "@/components/models/launch-error";
import { accessibleModelsFor } from "@/components/models/model-filters";
import { ModelChoiceModal } from "@/components/models/model-choice-modal";
import { UpgradeOffer } from "@/components/upgrade/upgrade-offer";
import type { ActionType, AssistantItem } from "@/lib/contracts/assistants";
import { ACTION_QUOTA } from "@/lib/client/action-quota";
import type { PickerType } from "@/lib/shared/model-actions";
import { useAssistantModels, useLaunchAssistant } from "@/lib/queries/assistants";
import { useUserStatistic } from "@/lib/queries/user";

type Choice = { assistant: AssistantItem; actionType: ActionType | null };

// Text assistants run on text models; image assistants on text_to_image (create) or generate_image (your photo).
const actionOf = (choice: Choice): PickerType =>
  choice.actionType === null ? "text" : choice.actionType === "photo" ? "generate_image" : "text_to_image";

/**
 * Starting an assistant: `open` shows the modal of the accessible models for the chosen action;
 * choosing one launches the assistant with it (a loading overlay covers the modal meanwhile).
 */
export function useAssistantLauncher() {
  const t = useTranslations("Assistants");
  const tp = useTranslations("ModelPicker");
  const statistic = useUserStatistic();
  const [choice, setChoice] = useState<Choice | null>(null);
  const models = useAssistantModels();
  const launch = useLaunchAssistant();

  const open = (assistant: AssistantItem, actionType: ActionType | null = null) => {
    launch.reset();
    setChoice({ assistant, actionType });
  };
  const close = () => {
    setChoice(null);
    launch.reset();
  };
  const errorText = () => {
    const kind = launchErrorKind(launch.error);
    if (kind === "forbidden") return t("launchForbidden");
    if (kind === "rateLimited") return t("launchRateLimited");
    if (kind === "writeAccess") return t("launchNoWriteAccess");
    return t("launchFailed", { message: launch.error?.message ?? "" });
  };

  // A used-up quota is told before a launch the bot could not serve (the same offer as Home's pickers).
  const exhausted =
    choice !== null &&
    statistic.data !== undefined &&
    statistic.data.remaining_quotas[ACTION_QUOTA[actionOf(choice)]] <= 0;

  const modal = choice && (
    <ModelChoiceModal
      title={t("modelsFor", { name: choice.assistant.name })}
      models={models.data ? accessibleModelsFor(models.data, actionOf(choice)) : models.isError ? [] : undefined}
      starting={launch.isPending}
      error={launch.isError ? errorText() : null}
      // An empty list on a tariff without such models (Free's "your photo") leads to the tariffs that have them.
      emptyOffer={models.data && <UpgradeOffer message={t("noModelsInTariff")} testId="assistant-upgrade" />}
      notice={exhausted && <UpgradeOffer message={tp("quotaExhausted")} packages testId="assistant-quota-upgrade" />}
      onCancel={close}
      onChoose={(model) =>
        launch.mutate(
          choice.actionType === null
            ? { kind: "text", assistantId: choice.assistant.assistant_id, modelId: model.model_id }
            : {
                kind: "image",
                assistantId: choice.assistant.assistant_id,
                modelId: model.model_id,
                actionType: choice.actionType,
              },
          { onSuccess: () => setChoice(null) },
        )
      }
    />
  );
  return { open, modal, launched: launch.isSuccess };
}
