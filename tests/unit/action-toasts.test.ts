import { createMemoryRouter } from "react-router-dom";
import { afterEach, expect, it, vi } from "vitest";
import { currentToasts, dismissToast } from "~/lib/toast-store";
import { toastActionAnswers, watchAnswersOf } from "~/lib/use-action-fetcher";

/**
 * An action fetcher's answer is a toast from the router's state alone (decision 116): no component
 * renders it here, as none did on a slow device whose render of the answer React skipped.
 */
// The router submits only where it finds a browser's window (a server render must not).
vi.stubGlobal("window", { document: { createElement: () => ({}) }, addEventListener: () => {}, removeEventListener: () => {} });
let answers = 0;
const router = createMemoryRouter([
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
]);
const stop = toastActionAnswers(router);

const shown = () => currentToasts().map((toast) => `${toast.type}: ${toast.message}`);
const settled = () => new Promise<void>((resolve) => {
  const check = () => ([...router.state.fetchers.values()].every((fetcher) => fetcher.state === "idle") && router.state.navigation.state === "idle" ? resolve() : setTimeout(check, 1));
  check();
});
const submit = async (key: string, fields: Record<string, string> = {}) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  await router.fetch(key, "page", "/", { formMethod: "post", formData });
  await settled();
};

afterEach(() => currentToasts().forEach((toast) => dismissToast(toast.id)));

it("an action fetcher's answer is toasted once, through its reload, without a component", async () => {
  await settled();
  watchAnswersOf("like:1");
  await submit("like:1");
  expect(shown()).toEqual(["success: Done 1"]);
  // The router's later states (other fetchers, navigations) still hold the answer: not shown again.
  await router.navigate("/?again");
  await settled();
  expect(shown()).toEqual(["success: Done 1"]);
});

it("each new answer is toasted, a refusal as an error, and a second submission does not show the last answer again while it is sent", async () => {
  watchAnswersOf("delete:2");
  await submit("delete:2");
  await submit("delete:2", { refuse: "yes" });
  expect(shown()).toEqual(["success: Done 2", "error: Not allowed"]);
});

it("a fetcher no action form watches is not toasted", async () => {
  await submit("theme");
  expect(shown()).toEqual([]);
  stop();
  await submit("like:1");
  expect(shown()).toEqual([]);
});
