import { describe, expect, it } from "vitest";
import { lastAnswer } from "~/lib/last-answer";

type Result = { status: "error"; error: Record<string, string[]> };
type Answer = { ok: boolean; lastResult?: Result };

describe("the answer a form shows", () => {
  const refusedBeforeJavaScript: Result = { status: "error", error: { website: ["Please enter a valid website address (http or https)"] } };

  it("is the page's (a POST made before JavaScript ran) until its fetcher has answered", () => {
    expect(lastAnswer<Result>(undefined, refusedBeforeJavaScript)).toBe(refusedBeforeJavaScript);
  });

  it("is the fetcher's once it has answered: a success (no result) leaves the form clean, not the page's old refusal", () => {
    const saved: Answer = { ok: true };
    expect(lastAnswer(saved, refusedBeforeJavaScript)).toBeUndefined();
    const again: Result = { status: "error", error: { displayName: ["Display name is required"] } };
    const refused: Answer = { ok: false, lastResult: again };
    expect(lastAnswer(refused, refusedBeforeJavaScript)).toBe(again);
  });
});
