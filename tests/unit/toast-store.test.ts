import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_AFTER_HOLD_MS, TOAST_DURATION_MS } from "~/lib/constants";
import { currentToasts, dismissToast, holdToast, showToast } from "~/lib/toast-store";

const showing = (id: string) => currentToasts().some((toast) => toast.id === id);

describe("a toast's time", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const toast of currentToasts()) dismissToast(toast.id);
    vi.useRealTimers();
  });

  it("goes by itself after TOAST_DURATION_MS", () => {
    showToast("Saved", "success", "t-alone");
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(showing("t-alone")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(showing("t-alone")).toBe(false);
  });

  it("waits while held, then shows what was left of its time", () => {
    showToast("Saved", "success", "t-held");
    vi.advanceTimersByTime(1000);
    const release = holdToast("t-held");
    vi.advanceTimersByTime(TOAST_DURATION_MS * 10);
    expect(showing("t-held")).toBe(true);
    release();
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1000 - 1);
    expect(showing("t-held")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(showing("t-held")).toBe(false);
  });

  it("waits until every hold lets go (pointed at and focused), a release counted once", () => {
    showToast("Saved", "success", "t-twice");
    const pointer = holdToast("t-twice");
    const keyboard = holdToast("t-twice");
    pointer();
    pointer();
    vi.advanceTimersByTime(TOAST_DURATION_MS * 2);
    expect(showing("t-twice")).toBe(true);
    keyboard();
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(showing("t-twice")).toBe(false);
  });

  it("let go at the end of its time, it still shows TOAST_AFTER_HOLD_MS", () => {
    showToast("Saved", "success", "t-late");
    vi.advanceTimersByTime(TOAST_DURATION_MS - 10);
    const release = holdToast("t-late");
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    release();
    vi.advanceTimersByTime(TOAST_AFTER_HOLD_MS - 1);
    expect(showing("t-late")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(showing("t-late")).toBe(false);
  });

  it("dismissed while held, it is gone, and its release does nothing", () => {
    showToast("Saved", "success", "t-dismissed");
    const release = holdToast("t-dismissed");
    dismissToast("t-dismissed");
    expect(showing("t-dismissed")).toBe(false);
    release();
    expect(vi.getTimerCount()).toBe(0);
  });
});
