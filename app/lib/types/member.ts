import type { Author } from "./post";

/** The signed-in member as every page knows them (the session's user). */
export type SessionUser = Author & { email: string };
