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

export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageSpinner />}>
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
