import { getRequestConfig } from "next-intl/server";
import { DEFAULT_LOCALE } from "./locale";

// next-intl's Next.js plugin (next.config.ts, for its precompiled messages) will not build without a
// request configuration. Nothing reads it today: no server component calls next-intl's server API
// (each page hands its messages to its client provider). Were one to, it would get the default language.
export default getRequestConfig(async () => ({ locale: DEFAULT_LOCALE }));
