import type { useFetcher } from "@remix-run/react";
import { forwardRef, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import { Form, UNSAFE_DataRouterContext, type Fetcher, type FetcherSubmitFunction, type FormProps } from "react-router-dom";

/**
 * Remix's `useFetcher({ key })`, rendering again only when its own fetcher changes (docs/decisions/102).
 *
 * React Router's hooks read contexts that change whenever any fetcher or navigation moves: the router's
 * whole state (`useFetcher`, `useRouteLoaderData`) and each route's context, which every state change
 * makes anew (`useSubmit`, `useNavigate`, `useHref`). A feed card held four fetchers and read the
 * signed-in member, so one like rendered every card of the page again, twice: for 100 cards, 80 ms of
 * script on a desktop CPU and about a third of a second on a 4× slower phone.
 *
 * This hook subscribes to the router and selects its key's fetcher, an object the router replaces only
 * when that fetcher changes. It registers and releases its key as React Router's does (`getFetcher` /
 * `deleteFetcher`, which keep a persisted fetcher's answer until it is idle), and submits through the
 * router's own `fetch`, with the form data and the leaf route React Router's `useSubmit` would give it.
 * `Form` is React Router's `<Form navigate={false} fetcherKey>`, as `fetcher.Form` is.
 */
export function useKeyedFetcher<T>(key: string): KeyedFetcher<T> {
  const router = useRouter();
  const fetcher = useSyncExternalStore(
    router.subscribe,
    () => router.state.fetchers.get(key) ?? IDLE,
    // The server renders every fetcher idle: the page it sends has none on its way.
    () => IDLE,
  );
  useEffect(() => {
    router.getFetcher(key);
    return () => router.deleteFetcher(key);
  }, [router, key]);
  const submit = useCallback<FetcherSubmitFunction>(
    (target, options = {}) => {
      const formData = formDataOf(target);
      const form = target instanceof HTMLFormElement ? target : target instanceof HTMLButtonElement || target instanceof HTMLInputElement ? target.form : null;
      const action = options.action ?? form?.getAttribute("action");
      if (!action) throw new Error("useKeyedFetcher: a submission names its action");
      // The leaf route's id, as `useSubmit` gives a component of the page: where a thrown answer shows.
      const routeId = router.state.matches.at(-1)?.route.id;
      if (!routeId) throw new Error("useKeyedFetcher: no route to submit from");
      // Returned as `useSubmit`'s is: a fetcher's submission resolves once its answer arrived.
      return router.fetch(key, routeId, action, {
        formMethod: options.method ?? "post",
        formEncType: options.encType ?? "application/x-www-form-urlencoded",
        formData,
      });
    },
    [router, key],
  );
  const KeyedForm = useMemo(
    () => forwardRef<HTMLFormElement, FormProps>((props, ref) => <Form {...props} navigate={false} fetcherKey={key} ref={ref} />),
    [key],
  );
  const load = useCallback(() => {
    throw new Error("useKeyedFetcher submits only; a load goes through useFetcher");
  }, []);
  return useMemo(() => ({ ...fetcher, submit, load, Form: KeyedForm }) as KeyedFetcher<T>, [fetcher, submit, load, KeyedForm]);
}

/** The router of the page: one object for the page's life, so reading it renders nothing again. */
export function useRouter() {
  const context = useContext(UNSAFE_DataRouterContext);
  if (!context) throw new Error("useRouter must be used inside Remix's router");
  return context.router;
}

/** What Remix's `useFetcher<T>` answers. */
type KeyedFetcher<T> = ReturnType<typeof useFetcher<T>>;

/** A fetcher nothing was sent through yet (React Router's IDLE_FETCHER). */
const IDLE = Object.freeze({
  state: "idle",
  formMethod: undefined,
  formAction: undefined,
  formEncType: undefined,
  formData: undefined,
  json: undefined,
  text: undefined,
  data: undefined,
}) as Fetcher;

/**
 * A submission's form data, as React Router's `getFormSubmissionInfo` makes it for the targets Murmur
 * sends: a form, a form's button (its name and value included, in the form's order), form data, or
 * an object of fields.
 */
function formDataOf(target: Parameters<FetcherSubmitFunction>[0]): FormData {
  if (target instanceof FormData) return target;
  if (target instanceof HTMLFormElement) return new FormData(target);
  if (target instanceof HTMLButtonElement || target instanceof HTMLInputElement) {
    if (!target.form) throw new Error("useKeyedFetcher: a button submits its form");
    if (submitterSupported()) return new FormData(target.form, target);
    const data = new FormData(target.form);
    if (target.name) data.append(target.name, target.value);
    return data;
  }
  const data = new FormData();
  const fields = target instanceof URLSearchParams ? target.entries() : Object.entries(target ?? {});
  for (const [name, value] of fields) if (value !== null && value !== undefined) data.append(name, String(value));
  return data;
}

let submitter: boolean | null = null;

/** Whether `new FormData(form, submitter)` takes the submitter (it throws for one that is not). */
function submitterSupported(): boolean {
  if (submitter === null) {
    try {
      new FormData(document.createElement("form"), 0 as unknown as HTMLElement);
      submitter = false;
    } catch {
      submitter = true;
    }
  }
  return submitter;
}
