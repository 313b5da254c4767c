import type { HEADER_ICONS } from "./header-icons";
import type { hostListens, paintHostColours, postToHost } from "./host-primitives";
import type { storedSnapshotOf } from "./stored-snapshot";

// Home's greeting in the first frame the messenger shows (docs/decisions/0508-launch-splash.md). The page's
// HTML carries an inline script (components/shell/launch-splash-script.tsx, from app/page.tsx) that calls paintLaunchSplash,
// sent as its source text with the host primitives, before any bundle is fetched: opened at Home with
// the launch data in the URL, it paints the messenger's colours and puts a copy of the header's frame and
// of Home's greeting where the shell will render them (the header whole: its bell, its cart and the tariff
// badge the shell first shows, account-snapshot.ts), then tells the host the app can be shown. The
// shell renders Home meanwhile in a transition, in slices that leave the page free to answer a tap,
// and removes the copy in the commit that shows Home, before the browser paints it (removeLaunchSplash),
// so the greeting never moves and is never shown twice.

/**
 * What the copy says, per language: the greeting with `{name}` where the name goes, the app's name and
 * the free tariff's (the badge's when this device has seen no other for the user).
 */
export type SplashTexts = Record<"ru" | "en", { greeting: string; appName: string; free: string }>;

export function paintLaunchSplash(
  texts: SplashTexts,
  storageKeys: { language: string; accountSnapshot: string },
  icons: typeof HEADER_ICONS,
  snapshotOf: typeof storedSnapshotOf,
  host: { listens: typeof hostListens; post: typeof postToHost; paintColours: typeof paintHostColours },
): void {
  try {
    // Only a launch at Home: the launch data in the hash, nothing routed yet, inside a messenger.
    if (!/^#tgWebApp/.test(window.location.hash) || !host.listens()) return;
    const launch = new URLSearchParams(window.location.hash.slice(1));
    if (!launch.has("tgWebAppVersion") || !launch.has("tgWebAppPlatform")) return;
    const user = JSON.parse(new URLSearchParams(launch.get("tgWebAppData") ?? "").get("user") ?? "null") as {
      id?: number;
      first_name?: string;
      username?: string;
      language_code?: string;
    } | null;
    // The shell's choice of language (client-root.tsx launchLocale): the one kept on this device, else the messenger's.
    const stored = localStorage.getItem(storageKeys.language);
    const language =
      stored === "ru" || stored === "en"
        ? stored
        : (user?.language_code ?? "").toLowerCase().startsWith("en")
          ? "en"
          : "ru";
    const name = user?.username ? "@" + user.username : (user?.first_name ?? "");
    // The header badge's first name (snapshot-tariff.ts): the tariff last seen for this user here, else the free one.
    const tariff =
      snapshotOf(localStorage.getItem(storageKeys.accountSnapshot), user?.id).tariff ?? texts[language].free;
    host.paintColours(JSON.parse(launch.get("tgWebAppThemeParams") ?? "{}") ?? {});

    const element = (tag: string, className: string, text?: string) => {
      const made = document.createElement(tag);
      made.className = className;
      if (text) made.textContent = text;
      return made;
    };
    // A section, not a div: hydration skips an element of <body> whose tag the tree has not there.
    const splash = element("section", "launch-splash app-column");
    splash.setAttribute("aria-hidden", "true");
    const header = element("div", "app-header");
    const logo = element("span", "app-header__logo");
    const image = document.createElement("img");
    image.src = "/logo.svg";
    image.alt = "";
    image.width = 28;
    image.height = 28;
    logo.append(image, element("span", "", texts[language].appName));
    // The header's bell and cart in its frame (components/shell/header.tsx), drawn from the same shapes.
    const icon = (shapes: (typeof icons)[keyof typeof icons]) => {
      const svgNamespace = "http://www.w3.org/2000/svg";
      const svg = document.createElementNS(svgNamespace, "svg");
      const frame = {
        width: "20",
        height: "20",
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        "stroke-width": "2",
        "aria-hidden": "true",
      };
      for (const [attribute, value] of Object.entries(frame)) svg.setAttribute(attribute, value);
      for (const [tag, attributes] of shapes) {
        const shape = document.createElementNS(svgNamespace, tag);
        for (const [attribute, value] of Object.entries(attributes)) shape.setAttribute(attribute, value);
        svg.append(shape);
      }
      const button = element("span", "icon-button");
      button.append(svg);
      return button;
    };
    const actions = element("span", "app-header__actions");
    actions.append(icon(icons.bell), icon(icons.cart), element("span", "tariff-pill", tariff));
    header.append(logo, actions);
    const page = element("div", "page home");
    page.append(element("h1", "home__greeting", texts[language].greeting.replace("{name}", name)));
    const main = element("div", "launch-splash__main");
    main.append(page);
    splash.append(header, main);
    document.currentScript?.after(splash);
    host.post("web_app_ready");
  } catch {
    // A launch it cannot read is the shell's to report; the spinner shows meanwhile.
  }
}

/** Whether the page's script put the copy on screen (the shell then renders Home without hurrying). */
export const launchSplashShown = (): boolean => document.querySelector(".launch-splash") !== null;

/** The shell's first commit replaces the copy (a no-op when there is none: the demo, another screen). */
export function removeLaunchSplash(): void {
  document.querySelector(".launch-splash")?.remove();
}
