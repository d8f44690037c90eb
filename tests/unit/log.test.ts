import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it, vi } from "vitest";
import { logWithoutQueryValues, withoutQueryValues } from "~/.server/log";

/**
 * A failed statement's bound values never reach the logs (decision 082): drizzle puts them in its
 * error's message and stack; what is logged keeps the statement and the database's reason.
 */

const failedSignIn = () =>
  new DrizzleQueryError("select id from users where email = ?", ["ada@example.com"], new Error("D1_ERROR: no such table: users"));

describe("errors in the logs", () => {
  it("a failed statement's error keeps its text, its reason and its frames, not its values", () => {
    const error = failedSignIn();
    expect(`${error.message}\n${error.stack}`).toContain("ada@example.com");
    const logged = withoutQueryValues(error) as Error;
    expect(logged.message).toBe("Failed query: select id from users where email = ?");
    expect(logged.stack).not.toContain("ada@example.com");
    expect(logged.stack).toContain("at ");
    expect((logged.cause as Error).message).toBe("D1_ERROR: no such table: users");
  });

  it("also as the cause of another error; anything else is logged as it is", () => {
    const wrapped = new Error("creating a post failed", { cause: failedSignIn() });
    const logged = withoutQueryValues(wrapped) as Error;
    expect(logged.message).toBe("creating a post failed");
    expect(JSON.stringify({ message: (logged.cause as Error).message, stack: (logged.cause as Error).stack })).not.toContain("ada@example.com");
    const plain = new Error("R2 is down");
    expect(withoutQueryValues(plain)).toBe(plain);
    expect(withoutQueryValues("a line")).toBe("a line");
  });

  it("the Worker's console.error logs them so, wherever they are logged", () => {
    const seen: unknown[][] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...values: unknown[]) => void seen.push(values));
    try {
      logWithoutQueryValues();
      console.error("sign-in failed:", failedSignIn());
    } finally {
      spy.mockRestore();
    }
    const [[label, error]] = seen as [[string, Error]];
    expect(label).toBe("sign-in failed:");
    expect(`${error.message}\n${error.stack}`).not.toContain("ada@example.com");
  });
});
