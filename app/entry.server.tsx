import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { HandoffProvider } from "./lib/handoff";
import { NonceProvider } from "./lib/nonce";

/** As Remix escapes JSON inside a <script>: nothing in the data can close the tag or start markup. */
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const escapeForScript = (json: string) => json.replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);

/**
 * What the worker logs of a request that failed: what Remix logs by default (the error, with the one
 * Remix wrapped, unless the request was dropped), but Remix's own refusals of what was asked (a POST to
 * a page with no action: 405; an address no route has or that does not decode: 404 or 400) only as one
 * line, and only when one of Murmur's own pages asked (`Sec-Fetch-Site: same-origin`): then it is a form
 * or link of ours that points nowhere. Anyone else's would fill the log for free, each with its stack.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    if (request.headers.get("Sec-Fetch-Site") === "same-origin") console.warn(`${error.status} ${request.method} ${new URL(request.url).pathname}: ${error.statusText}`);
    return;
  }
  // Remix's own ErrorResponse carries the error it stands for.
  const wrapped = isRouteErrorResponse(error) && "error" in error ? (error as { error?: unknown }).error : undefined;
  console.error(wrapped ?? error);
};

/**
 * Pages render to a string (docs/decisions/011-string-rendering.md): React 18's Web Streams renderer
 * encodes every attribute separately and costs ~5× more CPU for the same page, which a feed of 20
 * cards feels. Murmur defers no data, so nothing needs streaming: the loader data hand-off that Remix
 * streams into the page (single fetch) is read whole first and written by the page itself as its last
 * script (`Handoff`, after <Scripts> sets up the stream it feeds). The markup is then sent as React
 * wrote it, never searched or cut (decision 065: that made V8 copy the whole page once more).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const handoff = remixContext.serverHandoffStream;
  // Without the stream Remix renders no Suspense-based transfer of its own.
  remixContext.serverHandoffStream = undefined;
  const data = handoff ? await new Response(handoff).text() : null;
  const script =
    data === null
      ? ""
      : `window.__remixContext.streamController.enqueue(${escapeForScript(JSON.stringify(data))});window.__remixContext.streamController.close();`;
  const renderStarted = performance.now();
  const markup = renderToString(
    <NonceProvider value={nonce}>
      <HandoffProvider value={script}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </HandoffProvider>
    </NonceProvider>,
  );
  loadContext.renderMs = performance.now() - renderStarted;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${markup}`, { headers: responseHeaders, status: responseStatusCode });
}
