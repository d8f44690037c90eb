/** D1 binds at most 100 values a statement: lists of ids or keys go in parts of this many, with room for the statement's own. */
export const VALUES_PER_STATEMENT = 90;

/** `items` in consecutive parts of at most `size`. */
export const chunksOf = <T>(items: T[], size = VALUES_PER_STATEMENT): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
