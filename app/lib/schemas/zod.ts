import { z } from "zod";

/**
 * zod as Murmur's schemas use it. Interpreted parsers only: zod would otherwise probe for eval
 * (`new Function`) when a schema is built, and the page's CSP, which forbids eval, reports the refused
 * probe as an issue on every page with a form. The schemas here are small; compiling them buys nothing.
 * Set before any schema is built, so every schema module takes `z` from here.
 */
z.config({ jitless: true });

export { z };
