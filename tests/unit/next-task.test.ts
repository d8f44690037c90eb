import { afterEach, describe, expect, it, vi } from "vitest";
import { inNextTask } from "~/lib/next-task";

/** Resolves after a timer task: by then a task queued before it has run. */
const afterATask = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("inNextTask (decision 054)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("runs in a task after the current one and its microtasks", async () => {
    const order: string[] = [];
    inNextTask(() => order.push("task"));
    await Promise.resolve();
    order.push("microtask");
    expect(order).toEqual(["microtask"]);
    await afterATask();
    expect(order).toEqual(["microtask", "task"]);
  });

  it("does not run once cancelled", async () => {
    const run = vi.fn();
    inNextTask(run)();
    await afterATask();
    expect(run).not.toHaveBeenCalled();
  });

  it("falls back to a timer where there is no MessageChannel", async () => {
    vi.stubGlobal("MessageChannel", undefined);
    const run = vi.fn();
    inNextTask(run);
    expect(run).not.toHaveBeenCalled();
    await afterATask();
    expect(run).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    inNextTask(cancelled)();
    await afterATask();
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe("the hydration store (useHydrated)", () => {
  it("says hydrated only in a task after the first subscriber, and tells every subscriber once", async () => {
    const { hydration } = await import("~/lib/use-hydrated");
    expect(hydration.isHydrated()).toBe(false);
    const first = vi.fn();
    const second = vi.fn();
    const leaving = vi.fn();
    hydration.subscribe(first);
    hydration.subscribe(second);
    hydration.subscribe(leaving)();
    await Promise.resolve();
    expect(hydration.isHydrated()).toBe(false);
    await afterATask();
    expect(hydration.isHydrated()).toBe(true);
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
});
