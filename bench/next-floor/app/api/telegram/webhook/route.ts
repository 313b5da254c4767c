import { webhook } from "../../../../lib/bot-floor";

export const dynamic = "force-dynamic";
export const POST = webhook;
