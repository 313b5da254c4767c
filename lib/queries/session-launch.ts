"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ensureWriteAccess } from "@/lib/client/host";
import type { LaunchResponse } from "@/lib/contracts/models";
import { onSessionStarted } from "@/lib/queries/history";

/**
 * A launch of a model or an assistant: the bot must be allowed to write first, a refused launch
 * (403 tariff, 404) is an answer rather than a glitch worth repeating, and success closes the mini-app.
 */
export function useSessionLaunch<Input>(launch: (input: Input) => Promise<LaunchResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => {
      await ensureWriteAccess();
      return launch(input);
    },
    retry: false,
    onSuccess: () => onSessionStarted(client),
  });
}
