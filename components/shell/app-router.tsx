"use client";
import { Suspense, useEffect } from "react";
import { Redirect, Route, Router, Switch, useLocation } from "wouter";
import { useDemoHashLocation } from "@/lib/client/demo-query";
import { routes } from "@/lib/routes";
import { screens } from "./screen-registry";
import { PageSpinner } from "@/components/ui/page-spinner";

function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [location]);
  return null;
}

/** Its effect runs when the Suspense boundary around it commits, i.e. once the screen's chunk is in and it rendered. */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(() => onShown(), [onShown]);
  return null;
}

/** `onScreenShown`: called once the first screen is rendered (not its spinner). */
export function AppRoutes({ onScreenShown }: { onScreenShown: () => void }) {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageSpinner />}>
        <Shown onShown={onScreenShown} />
        <Switch>
          {screens.map(({ pattern, component }) => (
            <Route key={pattern} path={pattern} component={component} />
          ))}
          <Route>
            <Redirect to={routes.home()} replace />
          </Route>
        </Switch>
      </Suspense>
    </>
  );
}

export function HashRouter({ children }: { children: React.ReactNode }) {
  return <Router hook={useDemoHashLocation}>{children}</Router>;
}
