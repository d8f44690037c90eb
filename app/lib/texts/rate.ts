/** Refused because of a rate limit (docs/decisions/023-rate-limits.md). */
export const RATE_MESSAGES = {
  tooOften: (retryAfterSeconds: number) => {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    const hours = Math.ceil(minutes / 60);
    const wait =
      retryAfterSeconds < 60 ? "a moment" : minutes < 60 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${hours} hour${hours === 1 ? "" : "s"}`;
    return `You're doing that too often. Please wait ${wait} and try again.`;
  },
} as const;
