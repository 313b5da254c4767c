"use client";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { ApiRequestError } from "@/lib/client/fetch-core";
import { adminApi, setAdminToken } from "./admin-session";

/** The fields of Telegram's Login Widget as its `data-auth-url` redirect puts them in the query. */
const WIDGET_FIELDS = ["id", "first_name", "last_name", "username", "photo_url", "auth_date", "hash"] as const;

type WidgetQuery = Partial<Record<(typeof WIDGET_FIELDS)[number], string>>;

/** A Login Widget redirect's fields, if this page was reached by one. */
function readWidgetRedirect(): WidgetQuery | null {
  const query = new URLSearchParams(window.location.search);
  if (!query.has("hash") || !query.has("auth_date")) return null;
  const fields: WidgetQuery = {};
  for (const name of WIDGET_FIELDS) {
    const value = query.get(name);
    if (value !== null) fields[name] = value;
  }
  return fields;
}

/** The signed fields leave the address bar and the history entry once read. */
function dropWidgetRedirect(): void {
  const url = new URL(window.location.href);
  for (const name of WIDGET_FIELDS) url.searchParams.delete(name);
  window.history.replaceState(null, "", url);
}

function errorKey(error: unknown) {
  return error instanceof ApiRequestError && error.status === 403 ? "notOperator" : "failed";
}

/**
 * Signs the operator in. Outside demo mode Telegram's official Login Widget is shown; it sends the
 * browser back here with the signed fields in the query (`data-auth-url`, not a `data-onauth`
 * callback: the widget runs that callback through eval, which the page's script policy forbids),
 * and they go to POST /api/admin/auth. Demo mode has a button for the demo operator instead.
 */
export function SignInScreen({ demo, botUsername }: { demo: boolean; botUsername: string }) {
  const t = useTranslations("admin.signIn");
  const [redirect] = useState(readWidgetRedirect);
  const [state, setState] = useState<"idle" | "busy" | "notOperator" | "failed">(redirect ? "busy" : "idle");
  const widget = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!redirect) return;
    dropWidgetRedirect();
    const body = {
      ...redirect,
      id: Number(redirect.id),
      auth_date: Number(redirect.auth_date),
      first_name: redirect.first_name ?? "",
      hash: redirect.hash ?? "",
    };
    adminApi("POST /api/admin/auth", { body })
      .then(({ token }) => setAdminToken(token))
      .catch((error: unknown) => setState(errorKey(error)));
  }, [redirect]);

  useEffect(() => {
    const host = widget.current;
    if (demo || !host) return;
    const script = document.createElement("script");
    script.src = "https://telegram.org/js/telegram-widget.js?22";
    script.async = true;
    script.setAttribute("data-telegram-login", botUsername);
    script.setAttribute("data-size", "large");
    script.setAttribute("data-auth-url", `${window.location.origin}/admin`);
    host.replaceChildren(script);
    return () => host.replaceChildren();
  }, [demo, botUsername]);

  const signInAsDemoOperator = () => {
    setState("busy");
    adminApi("POST /api/admin/auth/demo")
      .then(({ token }) => setAdminToken(token))
      .catch((error: unknown) => setState(errorKey(error)));
  };

  return (
    <main className="admin-sign-in" data-testid="admin-sign-in">
      <h1>{t("heading")}</h1>
      <p className="admin-hint">{demo ? t("demoLead") : t("lead")}</p>
      {demo ? (
        <button type="button" className="admin-button" data-testid="admin-demo-sign-in" disabled={state === "busy"} onClick={signInAsDemoOperator}>
          {state === "busy" ? t("signingIn") : t("demoButton")}
        </button>
      ) : (
        <>
          <div ref={widget} className="admin-widget" data-testid="admin-widget" />
          <p className="admin-hint">{t("widgetNote")}</p>
        </>
      )}
      {state === "notOperator" || state === "failed" ? (
        <p className="admin-error" role="alert">
          {t(state)}
        </p>
      ) : null}
    </main>
  );
}
