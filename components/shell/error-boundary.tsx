"use client";
import { Component, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { routes } from "@/lib/routes";

type State = { error: Error | null };

/** Catches a render error anywhere below and shows the documented message with a link home (docs/product/screens.md). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error("[ui] render error", error);
  }

  private reset = () => this.setState({ error: null });

  render() {
    if (this.state.error) return <ErrorFallback message={this.state.error.message} onHome={this.reset} />;
    return this.props.children;
  }
}

function ErrorFallback({ message, onHome }: { message: string; onHome: () => void }) {
  const t = useTranslations("Shell");
  return (
    <div className="page error-page" role="alert">
      <p>{t("unexpectedError")}</p>
      <pre className="error-page__message">{message}</pre>
      <a href={`#${routes.home()}`} onClick={onHome}>
        {t("toMainPage")}
      </a>
    </div>
  );
}
