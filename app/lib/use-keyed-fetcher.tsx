import type { useFetcher } from "@remix-run/react";
import { forwardRef, startTransition, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { Form, UNSAFE_FetchersContext, type Fetcher, type FormProps } from "react-router-dom";
import { useRouter } from "./router";

/**
 * Remix's `useFetcher({ key })`, rendering again only when its own fetcher changes (docs/decisions/102).
 *
 * React Router's hooks read contexts that change whenever any fetcher or navigation moves: the router's
 * whole state (`useFetcher`, `useRouteLoaderData`) and each route's context, which every state change
 * makes anew (`useSubmit`, `useNavigate`, `useHref`). A feed card held four fetchers and read the
 * signed-in member, so one like rendered every card of the page again, twice.
 *
 * This hook subscribes to the router itself and keeps its key's fetcher, an object the router replaces
 * only when that fetcher changes. Like React Router's:
 * - the change is rendered in a transition, the one React Router gives the same change of state, so a
 *   fetcher and the loader data its answer brings show in the same commit;
 * - an answer (`data`) is read from React Router's own store of answers, which keeps it after the
 *   router drops the finished fetcher from its state;
 * - the key is registered and released with the router (`getFetcher`, `deleteFetcher`), so a
 *   persisted fetcher lives until it is idle and no one holds it.
 * It submits through the router's `fetch`, from the page's leaf route (`useSubmit` names the route of
 * the component that submits: the two differ only in which error boundary shows an action that
 * throws, and Murmur's actions answer refusals as data). Its `Form` is React Router's
 * `<Form navigate={false} fetcherKey>`, as `fetcher.Form` is.
 */
export function useKeyedFetcher<T>(key: string): KeyedFetcher<T> {
  const router = useRouter();
  const answers = useContext(UNSAFE_FetchersContext);
  const [held, setHeld] = useState(() => ({ key, fetcher: router.state.fetchers.get(key) ?? IDLE }));
  // A new key starts from its own fetcher, not the last key's.
  const fetcher = held.key === key ? held.fetcher : (router.state.fetchers.get(key) ?? IDLE);
  useEffect(() => {
    router.getFetcher(key);
    // The router drops a finished fetcher from its state: it is idle then, its answer in React Router's
    // store. Only the listener keeps the fetcher it last saw.
    const current = (state: typeof router.state) => state.fetchers.get(key) ?? IDLE;
    const hold = (next: Fetcher) => setHeld((was) => (was.key === key && was.fetcher === next ? was : { key, fetcher: next }));
    // What moved between the render and this subscription, and a key's own state after a change of key.
    let seen = current(router.state);
    hold(seen);
    const unsubscribe = router.subscribe((state) => {
      const next = current(state);
      if (next === seen) return;
      seen = next;
      startTransition(() => hold(next));
    });
    return () => {
      unsubscribe();
      router.deleteFetcher(key);
    };
  }, [router, key]);
  const submit = useCallback<FetcherSubmit>(
    (target, options) => {
      const routeId = router.state.matches.at(-1)?.route.id;
      if (!routeId) throw new Error("useKeyedFetcher: no route to submit from");
      router.fetch(key, routeId, options.action, {
        formMethod: options.method,
        formEncType: options.encType ?? "application/x-www-form-urlencoded",
        formData: formDataOf(target),
      });
    },
    [router, key],
  );
  const KeyedForm = useMemo(
    () => forwardRef<HTMLFormElement, FormProps>((props, ref) => <Form {...props} navigate={false} fetcherKey={key} ref={ref} />),
    [key],
  );
  const data = answers.get(key) as KeyedFetcher<T>["data"];
  return useMemo(() => ({ ...fetcher, data, submit, Form: KeyedForm }), [fetcher, data, submit, KeyedForm]);
}

/** What Murmur's action forms use of Remix's `useFetcher<T>`: its state and answer, `submit` and `Form`. */
type KeyedFetcher<T> = Omit<ReturnType<typeof useFetcher<T>>, "load" | "submit"> & { submit: FetcherSubmit };

/** A form, one of its buttons (sent with its name and value) or form data, posted to `action`. */
export type FetcherSubmit = (
  target: HTMLFormElement | HTMLButtonElement | FormData,
  options: { method: "post"; action: string; encType?: "application/x-www-form-urlencoded" | "multipart/form-data" },
) => void;

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
 * A submission's form data: a form's fields, with a button's own name and value added after them
 * (`new FormData(form)` leaves every button out), as React Router's `getFormSubmissionInfo` sends them.
 */
function formDataOf(target: HTMLFormElement | HTMLButtonElement | FormData): FormData {
  if (target instanceof FormData) return target;
  if (target instanceof HTMLFormElement) return new FormData(target);
  if (!target.form) throw new Error("useKeyedFetcher: a button submits its form");
  const data = new FormData(target.form);
  if (target.name) data.append(target.name, target.value);
  return data;
}
