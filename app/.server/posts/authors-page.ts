import { sql, type SQL } from "drizzle-orm";
import { FOLLOWING_SCAN_WINDOW } from "~/lib/constants";
import { posts } from "../db/schema";
import { olderThan, type ConditionContext } from "./cards";

/**
 * A page of posts by a set of authors, newest first, outside communities: the people a member follows
 * (the Following feed, docs/decisions/010, 026) or the members a search names (060). Two ways to the
 * same answer, in one statement, each on the index that makes it cheap (named, so the plan never
 * depends on statistics):
 * - when `many` holds (the authors write a fair share of the posts): the newest posts, newest first,
 *   checked one by one against `isAuthor` (posts_home_idx holds each post's author, so the scan reads
 *   the index alone), stopping at a page or at the FOLLOWING_SCAN_WINDOW-th newest post;
 * - otherwise, or if that finds less than a page: the authors' own newest posts (posts_user_idx),
 *   merged newest first. The "less than a page" test sits in `authors`' list, which SQLite builds
 *   once: outside the walk's subquery it would be checked only after the walk (14 ms for a member
 *   following 1 500).
 * `keep` is what a post of theirs must also meet (its alias in SQL); the walk tests it only for the
 * authors' rows (the CASE keeps it after `isAuthor`, so the scan still reads the index alone for
 * everyone else's).
 */
export type AuthorsPage = {
  many: SQL;
  isAuthor: (userId: SQL) => SQL;
  /** The authors' ids, listed only while `also` holds. */
  authors: (also: SQL) => SQL;
  keep: (alias: string) => SQL;
};

export function authorsPageIds({ before, size }: Pick<ConditionContext, "before" | "size">, page: AuthorsPage): SQL {
  const older = (id: string) => olderThan(before, id);
  // The oldest post the scan may reach; none (NULL: no scan) unless `many`.
  const windowEdge = sql`CASE WHEN ${page.many} THEN coalesce((
      SELECT edge.id FROM ${posts} AS edge INDEXED BY posts_home_idx
      WHERE edge.community_id IS NULL${older("edge.id")}
      ORDER BY edge.id DESC LIMIT 1 OFFSET ${FOLLOWING_SCAN_WINDOW - 1}), '') END`;
  return sql`WITH recent AS MATERIALIZED (
      SELECT scanned.id AS id FROM ${posts} AS scanned INDEXED BY posts_home_idx
      WHERE scanned.community_id IS NULL${older("scanned.id")} AND scanned.id >= ${windowEdge}
        AND CASE WHEN ${page.isAuthor(sql`scanned.user_id`)} THEN ${page.keep("scanned")} ELSE 0 END
      ORDER BY scanned.id DESC LIMIT ${size}
    )
    SELECT id FROM recent
    UNION
    SELECT id FROM (
      SELECT own.id AS id FROM ${posts} AS own INDEXED BY posts_user_idx
      WHERE own.user_id IN (${page.authors(sql`(SELECT count(*) FROM recent) < ${size}`)})
        AND own.community_id IS NULL${older("own.id")} AND ${page.keep("own")}
      ORDER BY own.id DESC LIMIT ${size}
    )
    ORDER BY id DESC LIMIT ${size}`;
}
