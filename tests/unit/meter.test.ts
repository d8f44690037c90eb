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
    await pause(20);
    // Once it ended, its time stays what it was and does not grow with the clock.
    expect(meter.waited).toBeLessThan(midway + 15);
  });

  it("counts trips side by side once, and one after another in depth", async () => {
    const meter = new Meter();
    await Promise.all([meter.time(() => pause(20)), meter.time(() => pause(20))]);
    await meter.time(() => pause(10));
    expect(meter.calls).toBe(3);
    expect(meter.depth).toBe(2);
    expect(meter.waited).toBeGreaterThanOrEqual(25);
    expect(meter.waited).toBeLessThan(60);
  });
});
