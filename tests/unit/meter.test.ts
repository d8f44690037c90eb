import { describe, expect, it } from "vitest";
import { Meter } from "~/.server/db/metered";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the D1 meter", () => {
  it("counts a round trip still on its way until the moment it is asked (never Infinity)", async () => {
    const meter = new Meter();
    let finish!: () => void;
    const trip = meter.time(() => new Promise<void>((resolve) => (finish = resolve)));
    await pause(20);
    const midway = meter.waited;
    expect(Number.isFinite(midway)).toBe(true);
    expect(midway).toBeGreaterThanOrEqual(15);
    finish();
    await trip;
    const atEnd = meter.waited;
    await pause(20);
    // Once every trip has ended, its time no longer grows with the clock.
    expect(meter.waited).toBe(atEnd);
  });

  it("counts trips side by side once, and one after another in depth", async () => {
    const meter = new Meter();
    const started = performance.now();
    await Promise.all([meter.time(() => pause(20)), meter.time(() => pause(20))]);
    await meter.time(() => pause(10));
    const elapsed = performance.now() - started;
    expect(meter.calls).toBe(3);
    expect(meter.depth).toBe(2);
    expect(meter.waited).toBeGreaterThanOrEqual(25);
    // Counted twice, the two side by side would make it at least 20 ms longer than the whole.
    expect(meter.waited).toBeLessThanOrEqual(elapsed + 1);
  });
});
