import { createMemoryRouter } from "react-router-dom";
import { afterEach, expect, it, vi } from "vitest";
import { currentToasts, dismissToast } from "~/lib/toast-store";
import { answersOf, toastAnswer, watchAnswersOf } from "~/lib/use-action-fetcher";

/**
 * The page's side of an action's toast (decision 116), on a real router with the app's persisted
 * fetchers and no component: an answer no form showed is shown once the page's commit comes
 * (`flush`), one its form showed is not shown again.
 */
// The router submits only where it finds a browser's window (a server render must not).
vi.stubGlobal("window", { document: { createElement: () => ({}) }, addEventListener: () => {}, removeEventListener: () => {} });
let answers = 0;
const router = createMemoryRouter(
  [
    {
      id: "page",
      path: "/",
      loader: () => ({ page: true }),
      action: async ({ request }) => {
        const form = await request.formData();
        answers++;
        return form.get("refuse") ? { ok: false, message: "Not allowed" } : { ok: true, message: `Done ${answers}` };
      },
    },
  ],
  { future: { v7_fetcherPersist: true } },
);
/** The count the page's last transition render holds (`landed`'s last call). */
let landed = 0;
const page = answersOf(router, (count) => (landed = count));
/** Each fetcher's last answer, as its form's render would hold it (the router drops a finished fetcher). */
const lastAnswer = new Map<string, unknown>();
router.subscribe((state) => state.fetchers.forEach((fetcher, key) => fetcher.data !== undefined && lastAnswer.set(key, fetcher.data)));

const shown = () => currentToasts().map((toast) => `${toast.type}: ${toast.message}`);
const settled = () =>
  new Promise<void>((resolve) => {
    const check = () => ([...router.state.fetchers.values()].every((fetcher) => fetcher.state === "idle") && router.state.navigation.state === "idle" ? resolve() : setTimeout(check, 1));
    check();
  });
const send = (key: string, fields: Record<string, string> = {}) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return router.fetch(key, "page", "/", { formMethod: "post", formData });
};
/** A form that stays mounted (the router's `getFetcher`, as useKeyedFetcher registers it) sends. */
const submit = async (key: string, fields: Record<string, string> = {}) => {
  router.getFetcher(key);
  await send(key, fields);
  await settled();
};

afterEach(() => currentToasts().forEach((toast) => dismissToast(toast.id)));

it("an answer no form showed is shown at the page's commit, once, through its reload and later navigations", async () => {
  await settled();
  watchAnswersOf("like:1");
  const before = landed;
  await submit("like:1");
  expect(landed).toBe(before + 1);
  expect(shown()).toEqual([]);
  // A commit of the page's that holds the count before the answer (a render outside the transition,
  // before the forms') shows nothing: the form may still show it first.
  page.flush(before);
  expect(shown()).toEqual([]);
  page.flush(landed);
  expect(shown()).toEqual(["success: Done 1"]);
  await router.navigate("/?again");
  await settled();
  page.flush(landed);
  expect(shown()).toEqual(["success: Done 1"]);
});

it("an answer its form showed first is not shown again by the page", async () => {
  watchAnswersOf("delete:2");
  await submit("delete:2");
  // The form's effect runs before the page's in the same commit.
  toastAnswer(lastAnswer.get("delete:2") as { ok: boolean; message: string });
  page.flush(landed);
  await submit("delete:2", { refuse: "yes" });
  page.flush(landed);
  expect(shown()).toEqual(["success: Done 2", "error: Not allowed"]);
});

it("the answer of a form that left before it landed is shown, though the router then drops the fetcher", async () => {
  watchAnswersOf("block:3");
  router.getFetcher("block:3");
  const sent = send("block:3");
  // The form unmounts while its answer is on its way (its dialog closed): the fetcher persists until idle.
  router.deleteFetcher("block:3");
  await sent;
  await settled();
  expect(router.state.fetchers.has("block:3")).toBe(false);
  page.flush(landed);
  expect(shown()).toEqual(["success: Done 4"]);
});

it("a fetcher no action form watches is not toasted", async () => {
  await submit("theme");
  page.flush(landed);
  expect(shown()).toEqual([]);
  page.stop();
  await submit("like:1");
  page.flush(landed);
  expect(shown()).toEqual([]);
});
