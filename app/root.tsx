import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { newId } from "./.server/ids";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { usePageLinkNavigation } from "./components/ui/page-link";
import { Toaster } from "./components/toaster";
import { Handoff } from "./lib/handoff";
import { useNonce } from "./lib/nonce";
import { skipQuietRevalidation } from "./lib/revalidation";
import { readThemeCookie } from "./lib/theme";
import { useHydrated } from "./lib/use-hydrated";
import { useNavigationFocus } from "./lib/navigation-focus";
import { useThemeMode } from "./lib/use-theme";
import stylesheet from "./tailwind.css?url";
import { RootDataContext } from "./lib/root-data";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Murmur" }];

/**
 * The first frame waits until the page's main content is parsed (decision 052): a page is painted whole
 * rather than its header first and its content a moment later. Browsers without `rel="expect"` ignore it;
 * a page without `#main` is painted once its document is parsed. React 18 has no prop for `blocking`.
 */
const untilMainIsParsed: Record<string, string> = { rel: "expect", href: "#main", blocking: "render" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await context.getSession();
  const { toast, headers } = await context.toasts.read(request);
  const theme = readThemeCookie(request.headers.get("Cookie"));
  // Absolute links (share targets, Open Graph tags) need the site's own address.
  const origin = new URL(request.url).origin;
  // This page's own part of the ids its comment forms send without JavaScript (decision 072): a form
  // sent again as the browser had it is stored once; a page drawn again sends new ones.
  const sendNonce = user ? newId() : null;
  return data({ user, theme, toast, origin, sendNonce }, { headers: headers ?? undefined });
}

export type RootLoaderData = typeof loader;

/** A like, bookmark, share or view changes nothing the root shows: no need to reload it. */
export const shouldRevalidate = skipQuietRevalidation;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const theme = useThemeMode(rootData?.theme);
  return (
    <html lang="en" className={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme} />
        <Meta />
        <Links />
        <link {...untilMainIsParsed} />
      </head>
      <body>
        <RootDataContext.Provider value={rootData}>{children}</RootDataContext.Provider>
        <Toaster flash={rootData?.toast ?? null} />
        <HydratedMark />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <Handoff nonce={nonce} />
      </body>
    </html>
  );
}

/** Marks the page as enhanced once `useHydrated` says so, after hydration (the end-to-end tests wait for it). */
function HydratedMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.js = "ready";
  }, [hydrated]);
  return null;
}

export default function App() {
  usePageLinkNavigation();
  useNavigationFocus();
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
