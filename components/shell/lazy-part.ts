import { lazy, type ComponentType } from "react";
import { clientProvided } from "./data-layer";
import { withAllMessages } from "./intl-provider";

/**
 * A lazily loaded part of the app beyond the shell and Home's first frame (a screen, a sheet, a part
 * that shows data): it renders once its chunk, every Russian message and the query client are in.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound on the component type
export const lazyPart = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) =>
  lazy(withAllMessages(() => Promise.all([load(), clientProvided]).then(([loaded]) => loaded)));
