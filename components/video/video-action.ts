import { VIDEO_ACTIONS, type VideoActionName } from "@/lib/shared/model-actions";

/** The action in a video route's query; image to video when it is missing or unknown. */
export function readVideoAction(search: string): VideoActionName {
  const action = new URLSearchParams(search).get("action");
  return (VIDEO_ACTIONS as readonly string[]).includes(action ?? "") ? (action as VideoActionName) : "image_to_video";
}

export const ACTION_TITLE_KEY = {
  text_to_video: "titleTextToVideo",
  image_to_video: "titleImageToVideo",
  video_to_video: "titleVideoToVideo",
} as const satisfies Record<VideoActionName, string>;
