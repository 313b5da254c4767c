"use client";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { DemoChatJsonBody, DemoFileKind } from "@/lib/contracts/demo-chat";
import { demoChatApi } from "@/lib/client/demo-chat-api";
import { mergeDemoChat, type DemoChatState } from "@/lib/demo-chat-state";

export const demoChatKeys = { messages: () => ["demo-chat", "messages"] as const };

/** About once a second while the bot is working; slower when idle (a launch in the app may still write). */
const POLL_WAITING_MS = 1_000;
const POLL_IDLE_MS = 4_000;

export function useDemoChatMessages() {
  const client = useQueryClient();
  return useQuery({
    queryKey: demoChatKeys.messages(),
    queryFn: async () => {
      const previous = client.getQueryData<DemoChatState>(demoChatKeys.messages());
      const page = await demoChatApi("GET /api/demo/chat/messages", { query: { after: previous?.cursor } });
      return mergeDemoChat(previous, page);
    },
    refetchInterval: (query) => (query.state.data?.waiting || query.state.data?.draft ? POLL_WAITING_MS : POLL_IDLE_MS),
    refetchIntervalInBackground: false,
    staleTime: 0,
    retry: 1,
  });
}

export type DemoFileSend = { kind: DemoFileKind; file: File; caption?: string; duration?: number };

const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: demoChatKeys.messages() });

/** Sends a text or a button press (JSON) or a file (multipart) as the user's next update. */
export function useDemoChatSend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DemoChatJsonBody | DemoFileSend) => {
      if (!("kind" in input)) return demoChatApi("POST /api/demo/chat/updates", { body: input });
      const form = new FormData();
      form.set("kind", input.kind);
      if (input.caption) form.set("caption", input.caption);
      if (input.duration !== undefined) form.set("duration", String(Math.round(input.duration)));
      form.set("file", input.file, input.file.name);
      return demoChatApi("POST /api/demo/chat/updates", { formData: form });
    },
    retry: false,
    onSuccess: () => refresh(client),
  });
}
