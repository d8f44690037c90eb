import { expect, it, vi } from "vitest";
import { hydration } from "~/lib/use-hydrated";

/**
 * Resolves after a timer task. In Node a MessageChannel message and a timer are not ordered (a busy
 * loop runs due timers before it polls for messages), so what must happen is awaited with `vi.waitFor`
 * and this only gives what must not happen a chance to.
 */
const afterATask = () => new Promise((resolve) => setTimeout(resolve, 5));

// The store is the module's own state and flips once for good: one test, in a file of its own.
it("the hydration store says hydrated only in a task after its first subscriber, and tells every subscriber once (decision 054)", async () => {
  expect(hydration.isHydrated()).toBe(false);
  const first = vi.fn();
  const second = vi.fn();
  const leaving = vi.fn();
  hydration.subscribe(first);
  hydration.subscribe(second);
  hydration.subscribe(leaving)();
  await Promise.resolve();
  expect(hydration.isHydrated()).toBe(false);
  await vi.waitFor(() => expect(hydration.isHydrated()).toBe(true));
  expect(first).toHaveBeenCalledTimes(1);
  expect(second).toHaveBeenCalledTimes(1);
  expect(leaving).not.toHaveBeenCalled();
  // Later subscribers (components mounted after hydration) read true at once; nothing flips again.
  const late = vi.fn();
  hydration.subscribe(late);
  await afterATask();
  expect(late).not.toHaveBeenCalled();
  expect(hydration.isHydrated()).toBe(true);
});
