import { afterEach, describe, expect, it, vi } from "vitest";
import { inNextTask } from "~/lib/next-task";

/**
 * Resolves after a timer task. In Node a MessageChannel message and a timer are not ordered (a busy
 * loop runs due timers before it polls for messages), so what must happen is awaited with `vi.waitFor`
 * and this only gives what must not happen a chance to.
 */
const afterATask = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("inNextTask (decision 054)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("runs in a task after the current one and its microtasks", async () => {
    const order: string[] = [];
    inNextTask(() => order.push("task"));
    await Promise.resolve();
    order.push("microtask");
    expect(order).toEqual(["microtask"]);
    await vi.waitFor(() => expect(order).toEqual(["microtask", "task"]));
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
