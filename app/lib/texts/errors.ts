/** The error pages (spec document 2 §8: 'An unexpected error occurred'; the rest ours). */
export const ERROR_MESSAGES = {
  /** Anything else. */
  unexpected: { title: "Something went wrong", text: "An unexpected error occurred" },
  byStatus: {
    400: { title: "Bad request", text: "That request could not be understood." },
    403: { title: "Not allowed", text: "You don't have permission to do that." },
    404: { title: "Page not found", text: "The page you're looking for doesn't exist or has moved." },
    405: { title: "Not allowed", text: "That page cannot be used this way." },
    413: { title: "Too large", text: "This form is too large to send." },
    429: { title: "Slow down", text: "Too many requests. Please wait a moment and try again." },
  } as Record<number, { title: string; text: string }>,
  noConnection: "No connection",
  tryAgain: "Try again",
  goHome: "Go Home",
} as const;
