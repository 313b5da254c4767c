"use client";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { ApiRequestError } from "@/lib/client/fetch-core";
import { adminApi, setAdminToken } from "@/lib/client/admin-session";

/** The fields of Telegram's Login Widget as its `data-auth-url` redirect puts them in the query. */
const WIDGET_FIELDS = ["id", "first_name", "last_name", "username", "photo_url", "auth_date", "hash"] as const;

type WidgetQuery = Partial<Record<(typeof WIDGET_FIELDS)[number], string>>;

/** How this page was reached to sign in: a Login Widget redirect, or the mini-app's one-time link (?code=). */
export type SignInQuery = { widget: WidgetQuery } | { code: string };

export function readSignInQuery(): SignInQuery | null {
  const query = new URLSearchParams(window.location.search);
  const code = query.get("code");
  if (code) return { code };
  if (!query.has("hash") || !query.has("auth_date")) return null;
  const widget: WidgetQuery = {};
  for (const name of WIDGET_FIELDS) {
    const value = query.get(name);
    if (value !== null) widget[name] = value;
  }
  return { widget };
}

/** The signed fields or the code leave the address bar and the history entry once read. */
function dropSignInQuery(): void {
  const url = new URL(window.location.href);
  for (const name of [...WIDGET_FIELDS, "code"]) url.searchParams.delete(name);
  window.history.replaceState(null, "", url);
}

function redeem(query: SignInQuery) {
  if ("code" in query) return adminApi("POST /api/admin/auth/redeem", { body: { code: query.code } });
  const { widget } = query;
  const body = {
    ...widget,
    id: Number(widget.id),
    auth_date: Number(widget.auth_date),
    first_name: widget.first_name ?? "",
    hash: widget.hash ?? "",
  };
  return adminApi("POST /api/admin/auth", { body });
}

function errorKey(error: unknown, query?: SignInQuery) {
  if (error instanceof ApiRequestError && error.status === 403) return "notOperator";
  return query && "code" in query ? "linkFailed" : "failed";
}

/**
 * Signs the operator in. Outside demo mode Telegram's official Login Widget is shown; it sends the
 * browser back here with the signed fields in the query (`data-auth-url`, not a `data-onauth`
 * callback: the widget runs that callback through eval, which the page's script policy forbids),
 * and they go to POST /api/admin/auth. Demo mode has a button for the demo operator instead. The
 * mini-app's "Console" link arrives with a one-time ?code=, traded for a token the same way.
 * `signInQuery` is what the page was opened with (read once by the console).
 */
export function SignInScreen({
  demo,
  botUsername,
  signInQuery,
  onDone,
}: {
  demo: boolean;
  botUsername: string;
  signInQuery: SignInQuery | null;
  onDone: () => void;
}) {
  const t = useTranslations("admin.signIn");
  const [state, setState] = useState<"idle" | "busy" | "notOperator" | "failed" | "linkFailed">(
    signInQuery ? "busy" : "idle",
  );
  const widget = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!signInQuery) return;
    dropSignInQuery();
    redeem(signInQuery)
      .then(({ token }) => setAdminToken(token))
      .catch((error: unknown) => setState(errorKey(error, signInQuery)))
      .finally(onDone);
  }, [signInQuery, onDone]);

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
        <button
          type="button"
          className="admin-button"
          data-testid="admin-demo-sign-in"
          disabled={state === "busy"}
          onClick={signInAsDemoOperator}
        >
          {state === "busy" ? t("signingIn") : t("demoButton")}
        </button>
      ) : (
        <>
          <div ref={widget} className="admin-widget" data-testid="admin-widget" />
          <p className="admin-hint">{t("widgetNote")}</p>
        </>
      )}
      {state === "notOperator" || state === "failed" || state === "linkFailed" ? (
        <p className="admin-error" role="alert">
          {t(state)}
        </p>
      ) : null}
    </main>
  );
}
