/**
 * Every number of the product (spec document 1 §9, document 2 §9, DESIGN.md §5) lives here.
 * Code elsewhere names these constants instead of writing the numbers.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const TIME = { SECOND, MINUTE, HOUR, DAY } as const;

// Accounts (spec 1 §5, §9)
export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const DISPLAY_NAME_MIN_LENGTH = 2;
export const DISPLAY_NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;

// Transport: browsers keep to https for a year once they have seen the site over it.
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

// Sessions (DESIGN.md §5)
export const SESSION_TOKEN_BYTES = 20;
export const SESSION_LIFETIME_MS = 30 * DAY;
/** A session is extended when fewer than this many milliseconds remain. */
export const SESSION_RENEW_BEFORE_MS = 15 * DAY;
/**
 * A member's live sessions at most: a sign-in beyond ends the one earliest to expire (the least
 * recently started or extended), so sign-ins in a loop cannot grow the table without end.
 */
export const SESSIONS_PER_MEMBER_MAX = 50;

// Password hashing: scrypt at OWASP's N=2^14, r=8, p=5 (16 MiB per hash), which fits a Worker.
export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 5, keyLength: 32, saltLength: 16, maxmem: 64 * 1024 * 1024 } as const;

// Password recovery
export const PASSWORD_RESET_TOKEN_BYTES = 20;
export const PASSWORD_RESET_LIFETIME_MS = HOUR;
/** Live reset links an account holds at most: a request beyond them is answered alike and mails nothing. */
export const PASSWORD_RESET_LINKS_MAX = 3;
/** How long a mail provider may take to accept a message before its send counts as failed. */
export const MAIL_SEND_TIMEOUT_MS = 10 * SECOND;
/** One isolate's calls to the mail provider go at least this far apart (Resend allows 2 a second per account). */
export const MAIL_SEND_GAP_MS = 600;

/**
 * Rate limits (docs/decisions/023-rate-limits.md): at most `max` hits of a kind per subject within a
 * window of `windowMs`. Members' writes count per member (posts and comments as Mastodon counts them,
 * 300 per 3 hours; likes and bookmarks as Twitter, 1 000 a day); sign-in, sign-up and reset links
 * per address and per account (or, for sign-in, per trusted device).
 */
export const RATE_LIMITS = {
  signIn: { max: 25, windowMs: 5 * MINUTE },
  signUp: { max: 25, windowMs: 5 * MINUTE },
  passwordReset: { max: 25, windowMs: 5 * MINUTE },
  post: { max: 300, windowMs: 3 * HOUR },
  comment: { max: 300, windowMs: 3 * HOUR },
  repost: { max: 300, windowMs: 3 * HOUR },
  like: { max: 1000, windowMs: DAY },
  bookmark: { max: 1000, windowMs: DAY },
  share: { max: 300, windowMs: 3 * HOUR },
  report: { max: 100, windowMs: DAY },
  delete: { max: 300, windowMs: 3 * HOUR },
  view: { max: 2000, windowMs: HOUR },
  /** Follows and unfollows, as Twitter and Mastodon count them: 400 a day. */
  follow: { max: 400, windowMs: DAY },
  /**
   * Blocks and unblocks (decision 100): a member facing a pile-on blocks many at once, and a safety
   * action never waits on the follows' limit. Far above that, below a script's churn.
   */
  block: { max: 1000, windowMs: DAY },
  /** Saving a settings form (profile, notifications, privacy): far above any member's clicking, below a script's. */
  settings: { max: 60, windowMs: HOUR },
  /** A new profile or banner photo: each is an R2 object and a public profile change. */
  profilePhoto: { max: 20, windowMs: HOUR },
  upload: { max: 30, windowMs: 30 * MINUTE },
  /** Opening notifications and marking them all read: far above any member's clicking. */
  notifications: { max: 1000, windowMs: HOUR },
  /** Creating, editing and deleting communities: a new one is a name taken and maybe an R2 object. */
  community: { max: 20, windowMs: DAY },
  /** Joining and leaving communities (a page's Join and an invite's), as follows count. */
  membership: { max: 400, windowMs: DAY },
  /** Invite links created and deleted, and members' roles changed. */
  communityAdmin: { max: 200, windowMs: DAY },
  /** Direct messages sent: a fast typist's conversation, far below a script's flood. */
  message: { max: 600, windowMs: HOUR },
  /** Conversations started (a new one is a row for two members): as follows count. */
  conversation: { max: 200, windowMs: DAY },
  /** Subscribing and cancelling (each a payment provider call): far above any member's clicking. */
  subscription: { max: 30, windowMs: HOUR },
  /** Messages to support (decision 078): each is a mail to the team; far above a member's need. */
  support: { max: 20, windowMs: DAY },
  /**
   * Turning digests off by their unsubscribe link (decision 085), per member the link names: mail
   * providers send one-click requests from a few servers of theirs, so a limit per address would
   * refuse many members' requests together.
   */
  unsubscribe: { max: 20, windowMs: HOUR },
  /**
   * Downloading one's data (decision 090): each reads the whole account, a few hundred statements for a
   * big one; a member needs a copy now and then, not a copy a minute.
   */
  export: { max: 5, windowMs: DAY },
} as const satisfies Record<string, { max: number; windowMs: number }>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Deleting an account (docs/decisions/074) goes a part at a time, so that no D1 statement runs long
 * (30 s at most): each statement deletes at most this many of the member's relation rows (a like, a
 * follow, a view: each a trigger or two), or of their comments (each takes its replies and likes
 * with it) or posts. A part of posts whose counters add up to more than `rows` has its likes, views,
 * comments and the rest deleted first, `rows` a statement (decision 123).
 */
export const ACCOUNT_DELETION_BATCH = { rows: 500, posts: 20 } as const;

/**
 * Deleting a community (docs/decisions/114) goes a part at a time for the same reason: at most this
 * many of its posts a statement (a heavy part's likes, comments and the rest first, as an account's),
 * then of its memberships (each a trigger or two).
 */
export const COMMUNITY_DELETION_BATCH = ACCOUNT_DELETION_BATCH;

/**
 * Download your data (docs/decisions/090) reads each of the member's tables this many rows a
 * statement: a page of posts is a few hundred kB in the worker's memory, and a 30 000-post account
 * is ~60 statements of posts, far inside D1's 1 000 a request.
 */
export const ACCOUNT_EXPORT_PAGE_ROWS = 500;

/** A trusted device (a browser that signed in before) is remembered this long. */
export const TRUSTED_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The accounts one browser is remembered for, most recent first. */
export const TRUSTED_DEVICE_ACCOUNTS = 5;

// Posts and comments (spec 1 §5, §9)
export const POST_MAX_LENGTH = 280;
export const POST_LENGTH_WARNING = 20;
/**
 * No character a person writes takes more UTF-16 code units than this: a family emoji takes 11, with
 * skin tones 19; a letter with a few accents stacked, under 10. Only a guard that keeps a megabyte of
 * text from being segmented: text longer than its limit times this is too long however it counts.
 */
export const MAX_CODE_UNITS_PER_CHARACTER = 32;
export const COMMENT_MAX_LENGTH = 280;
/** A post page's title quotes this many characters of the post (as a person counts them: an emoji is never cut). */
export const POST_TITLE_CHARACTERS = 60;
export const MAX_IMAGES_PER_POST = 4;
/** An image's description (its alt text, decision 092), counted as post text is: 1 000, as other networks allow. */
export const IMAGE_DESCRIPTION_MAX_LENGTH = 1000;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Images wider or taller than this are refused: photos stay well below it, decompression bombs do not. */
export const IMAGE_MAX_SIDE_PX = 16384;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/**
 * What a member may store for posts over any 24 hours (decision 122): twenty of the largest videos.
 * The upload rate alone (RATE_LIMITS.upload) let one account keep 72 GB a day.
 */
export const POST_MEDIA_DAILY_BYTES = 1024 * 1024 * 1024;
/**
 * An avatar URL elsewhere is copied into R2 on save (docs/decisions/080): how long its host may take to
 * answer in all, and how many redirects (each to https) are followed on the way.
 */
export const AVATAR_FETCH_TIMEOUT_MS = 5000;
export const AVATAR_FETCH_MAX_REDIRECTS = 3;
/**
 * The most top-level boxes (MP4, QuickTime) or elements (WebM) a video may have. A real one has a few;
 * a fragmented MP4 some hundreds, or a fragment per frame (3 600 a minute at 30 frames a second, about
 * 28 minutes at this limit). A file made of millions of tiny ones cost seconds to check.
 */
export const VIDEO_TOP_LEVEL_PARTS_MAX = 100_000;
/** The largest movie box (or top-level metadata box) a video's metadata is removed from, copied to do it (decision 082). */
export const VIDEO_MOVIE_BOX_MAX_BYTES = 8 * 1024 * 1024;
/** The largest form without files read (docs/decisions/070): its longest field is a few kB of text. */
export const FORM_MAX_BYTES = 64 * 1024;
/**
 * The largest form with one photo read (a profile's photo, a community's image): twice an image's
 * limit, so a picture a little over it is refused with that limit's words ('Image size must be less
 * than 5MB'); a body past it is refused before it is read.
 */
export const PHOTO_FORM_MAX_BYTES = 2 * IMAGE_MAX_BYTES + FORM_MAX_BYTES;
/** The largest upload read (/uploads, one file with JavaScript, which checks its size first): a video. */
export const UPLOAD_FORM_MAX_BYTES = VIDEO_MAX_BYTES + FORM_MAX_BYTES;
/** The largest post's form read (without JavaScript its files come with it): four images and a video. */
export const POST_FORM_MAX_BYTES = MAX_IMAGES_PER_POST * IMAGE_MAX_BYTES + VIDEO_MAX_BYTES + FORM_MAX_BYTES;
export const UPLOAD_CACHE_CONTROL_SECONDS = 3600;
export const FEED_PAGE_SIZE = 20;
/** Rows of a followers or following list per page. */
export const FOLLOW_LIST_PAGE_SIZE = 30;
export const TRENDING_LIMIT = 10;
export const MENTION_SUGGESTIONS = 5;
/** A search looks at this many characters of what was typed; the rest is cut off. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const TOP_COMMENTS_SHOWN = 2;
export const INTEREST_POSTS_SAMPLE = 50;
export const LOCATION_MAX_LENGTH = 100;
export const REPORT_INFO_MAX_LENGTH = 1000;
/** The post page shows top-level comments this many at a time, each with its replies. */
export const COMMENTS_PAGE_SIZE = 20;
/** At most this many replies come with one page of comments (the rest wait for 'Load more'). */
export const COMMENT_REPLIES_PER_PAGE = 200;
/** Replies nest visually up to this depth; deeper replies line up at the last level. */
export const COMMENT_NESTING_DEPTH = 3;

/**
 * The Following feed first looks for the page among this many newest posts (fast for members who
 * follow many active people), and walks each followed member's own posts only when that falls short.
 */
export const FOLLOWING_SCAN_WINDOW = 3000;
/**
 * Members who follow fewer people than this skip that scan and walk each followed member's posts at
 * once: too few of the newest posts are theirs to fill a page, and the walk costs little. Measured on
 * the peer data set (docs/decisions/026): below ~150 follows the walk is cheaper, above it the scan.
 */
export const FOLLOWING_SCAN_MIN_FOLLOWS = 150;

// The 'For you' ranking (docs/decisions/006-for-you-ranking.md)
export const FOR_YOU = {
  /** How many of the newest posts are ranked; older posts follow in time order. */
  poolSize: 500,
  likeWeight: 1,
  repostWeight: 2,
  commentWeight: 3,
  viewWeight: 0.05,
  /** Each of the post's hashtags that the viewer wrote about recently adds this much (up to maxInterestMatches). */
  interestBoost: 0.5,
  maxInterestMatches: 3,
  /** score ∝ 1 / (age in hours + ageOffsetHours) ^ gravity */
  ageOffsetHours: 2,
  gravity: 1.5,
} as const;

// Uploads and media
/** Post media that no post claimed within this time is deleted by the cron job. */
export const UNCLAIMED_UPLOAD_TTL_MS = DAY;
export const UPLOAD_CLEANUP_BATCH = 500;
/** Objects of deleted media the cron deletes a run (R2 deletes a thousand keys a call). */
export const MEDIA_TRASH_BATCH = 1000;
/** Expired sessions the cron deletes a run (every five minutes). */
export const SESSION_CLEANUP_BATCH = 2000;
/** Views of past days the cron deletes a run (every five minutes: 1.4 million a day at most). */
export const VIEW_CLEANUP_BATCH = 5000;
/**
 * Posts the cron reads a run (every five minutes) for the search words of those written before they
 * were kept (decision 091): 288 000 a day, most of them only read (their text has spaces).
 */
export const POST_WORDS_BACKFILL_BATCH = 1000;
/**
 * Pages (4 KB each) the cron writes a run (every minute), for each search index, merging its segments
 * two at a time (FTS5's 'merge' with usermerge 2, migration 0050; decision 113): a merge larger than
 * this goes on in the next runs. For posts' index on a million posts: a median 1 ms a run, up to 82 ms;
 * 0.8 s once, a common word's list, while the bulk-built segments of the benchmark's set were merged.
 */
export const SEARCH_INDEX_MERGE_PAGES = 500;
/**
 * The most pages one 'merge' may be asked: FTS5 reads the count as a 32-bit integer, and a larger one
 * would wrap to a negative count, which is an optimize (decision 112: it starts over after any write).
 */
export const SEARCH_INDEX_MERGE_PAGES_MAX = 2 ** 31 - 1;
/** Media keys are random and never overwritten, so they may be cached for a year. */
export const MEDIA_CACHE_SECONDS = 365 * 24 * 60 * 60;

// Timeouts (spec 1 §9). The spec's 8 s comment fetch has no counterpart: a card's comments come
// in the same query as the card.
export const FEED_FETCH_TIMEOUT_MS = 10 * SECOND;
export const VIEW_INSERT_TIMEOUT_MS = 5 * SECOND;

// View tracking (spec 1 §4)
export const VIEW_VISIBLE_RATIO = 0.5;
export const VIEW_DELAY_MS = 1000;
export const VIDEO_AUTOPLAY_RATIO = 0.5;

// Realtime (DESIGN.md §6)
/** The feed room sends changed counts at most this often. */
export const FEED_COUNTS_FLUSH_MS = 1000;
/** A member's room reads and sends the badges' counts at most this often; a change meanwhile is sent at the end (decision 072). */
export const MEMBER_BADGES_EVERY_MS = 1000;
/**
 * Resyncs one conversation socket may ask for a minute, one at a time (a page asks once a connection,
 * and again only for a full page of MESSAGES_RESYNC_LIMIT): a socket that asks for more, or asks again
 * before its answer came, is closed with ROOM_POLICY_CODE and reconnects with backoff (decision 072).
 */
export const ROOM_RESYNCS_PER_MINUTE = 20;
/** WebSocket's own 'policy violation': a socket that asked too much; the page reconnects with backoff. */
export const ROOM_POLICY_CODE = 1008;

// Activity status (docs/decisions/076)
/** A member's last activity is written at most this often: a request once this much has passed writes it, after its answer. */
export const ACTIVITY_RECORD_EVERY_MS = 2 * MINUTE;
/** Last active within this is 'Active now'. */
export const ACTIVE_NOW_WITHIN_MS = 5 * MINUTE;
/** An open conversation's 'Active …' line is read against the clock again this often (with JavaScript). */
export const ACTIVITY_TICK_MS = MINUTE;

// Notification digests (docs/decisions/076)
/** A member gets at most one notification digest e-mail this often. */
export const DIGEST_PERIOD_MS = HOUR;
/**
 * Members the cron checks for a digest a run (every minute: 1 200 members an hour). Mailed one at a
 * time, MAIL_SEND_GAP_MS apart through a provider (12 s a run). At most 98: their claim binds each id.
 */
export const DIGEST_BATCH = 20;
/** Notifications a digest lists; more are 'and more' with the link. */
export const DIGEST_ITEMS = 10;
/** A digest lists nothing older than this (a member who turns e-mail on again is not sent months of notifications). */
export const DIGEST_LOOKBACK_MS = DAY;

// Display
export const UNREAD_BADGE_CAP = 99;
export const SIDEBAR_SEARCH_DEBOUNCE_MS = 500;
export const EXPLORE_SEARCH_DEBOUNCE_MS = 300;
export const MENTION_SUGGEST_DEBOUNCE_MS = 150;
export const COUNT_THOUSAND = 1000;
export const COUNT_MILLION = 1_000_000;
export const RELATIVE_TIME_DAYS = 7;
export const IMAGE_VIEWER_MAX_HEIGHT_PX = 1000;
export const VIDEO_MAX_HEIGHT_PX = 500;
export const SHARE_POPUP = { width: 550, height: 420 } as const;
export const TOAST_DURATION_MS = 4 * SECOND;
/** A toast held (pointed at, or its Dismiss button focused) waits; let go, it shows at least this much longer. */
export const TOAST_AFTER_HOLD_MS = 1 * SECOND;

// Money (spec 2 §9; docs/decisions/037), in integer cents everywhere
export const VERIFIED_PRICE_CENTS = 999;
/** A verified subscription's period. */
export const VERIFIED_PERIOD_DAYS = 30;
export const PRICE_CHANGE_NOTICE_DAYS = 30;
/** Turning the creator offering on in settings sets this price; off sets 0. */
export const SUBSCRIPTION_DEFAULT_PRICE_CENTS = 499;
/** The subscription-settings dialog's presets. */
export const SUBSCRIPTION_PRICE_PRESETS_CENTS = [499, 999, 1999] as const;
/** A paid price is at least $1 (0 turns subscriptions off). */
export const SUBSCRIPTION_MIN_PRICE_CENTS = 100;
/** Ours: the highest monthly price ($999.99). */
export const SUBSCRIPTION_MAX_PRICE_CENTS = 99_999;
/** A yearly plan costs the monthly price × 12 × (1 − 20%): 'Save 20%'. */
export const YEARLY_MONTHS = 12;
export const YEARLY_DISCOUNT_PERCENT = 20;
/** The earnings preview's subscriber counts. */
export const EARNINGS_PREVIEW_SUBSCRIBERS = [100, 1000] as const;
/** Creators on the Subscriptions page's Discover tab, and subscriptions on its Subscribed tab (a page). */
export const DISCOVER_CREATORS_LIMIT = 20;
export const SUBSCRIPTIONS_PAGE_SIZE = 50;
/** Deleting an account cancels its renewals at the provider this many at once (decision 074)… */
export const ACCOUNT_CANCELS_AT_ONCE = 4;
/** …and at most this many a try; a try with more left refuses, keeping what it cancelled, and the next goes on. */
export const ACCOUNT_CANCELS_PER_TRY = 200;
/** How many of a verified member's most viewed posts /verified lists (Advanced Analytics, decision 073). */
export const POST_STATS_TOP = 3;
/** Subscriptions the expiry job ends or renews per run, per kind (the next run takes the rest). */
export const SUBSCRIPTION_EXPIRY_BATCH = 200;
/** A Stripe webhook's signature is accepted this long after its timestamp (Stripe's own default). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;
/** The largest webhook body read (Stripe's events are a few kB). */
export const STRIPE_WEBHOOK_MAX_BYTES = 1024 * 1024;
/**
 * A Stripe period is kept this much longer than Stripe's own: its renewal invoice is paid about an hour
 * after the period ends, and a subscriber must not lose access (nor a creator the badge) meanwhile.
 */
export const STRIPE_RENEWAL_GRACE_MS = DAY;
/**
 * How long after a Stripe row's period end (`expires_at`, which already holds the grace) a renewal that
 * never came may still be paid by one of Stripe's retries of the card (decision 095). Stripe's default
 * Smart Retries policy retries for up to 2 weeks from the first failed attempt (about an hour after
 * Stripe's period end, a grace before ours); 14 days more plus another grace leaves a day or two for the
 * last retry and its webhook. Access ends at `expires_at` as before (gating is by clock); only once this
 * window has passed does the expiry job cancel the subscription at Stripe and, for a badge, stop the
 * renewals to its member's subscribers: within it, an invoice.paid revives the row. (A retry policy set
 * longer in Stripe's dashboard is cut short here: its last retries never come, so they never charge.)
 */
export const STRIPE_RETRY_WINDOW_MS = 14 * DAY + STRIPE_RENEWAL_GRACE_MS;
/**
 * Stripe subscriptions the expiry job stops at Stripe per run and kind, once their period ended here with
 * no renewal paid and Stripe's retries are over (STRIPE_RETRY_WINDOW_MS; decision 095; a run's calls stay
 * well inside a Worker's subrequest limit; the next run takes the rest).
 */
export const STRIPE_LAPSED_CANCELS_PER_RUN = 20;
/**
 * Renewals stopped here with many others (a creator stopped offering, or lost the badge) that the cron
 * stops at their provider in a run: four at a time, some 25 rounds of Stripe calls, well inside a run's
 * subrequests (decision 123).
 */
export const PROVIDER_STOPS_PER_RUN = 100;
/** The same order asked of Stripe within this window reuses its Checkout session (idempotency key). */
export const CHECKOUT_IDEMPOTENCY_WINDOW_MS = 10 * MINUTE;

// Legal (spec 2 §2)
export const MINIMUM_AGE = 13;
export const PARENTAL_CONSENT_AGE = 18;
export const LEGAL_LAST_UPDATED = "November 30, 2026";

// Public pages for visitors (the public profile, a post's page), kept in the edge cache
// (docs/decisions/028-public-profile-edge-cache.md)
export const PUBLIC_PAGE_CACHE = {
  /** A stored page younger than this is served as it is. */
  freshMs: 30 * SECOND,
  /**
   * Older, but younger than this, it is still served once while a fresh copy is rendered behind it
   * (stale-while-revalidate); older still, it is rendered anew. The longest a visitor may see a page
   * that a purge in another data center did not reach.
   */
  maxAgeMs: 5 * MINUTE,
} as const;
/**
 * A block purges visitors' copies of both profiles and of the blocker's posts whose pages held the
 * blocked member's comments (hidden from everyone by then, decision 120): the posts of the blocked
 * member's newest `commentsRead` comments, at most `posts` of them, newest first. A page purged is
 * three Cache API calls under each origin (a tombstone, a copy per theme), and they count against a
 * request's subrequests (Workers Free: 50): six pages under two origins are 36. An older page's copy
 * ages out (maxAgeMs above).
 */
export const BLOCK_PURGE = { commentsRead: 200, posts: 4 } as const;
/** A public profile's description (Open Graph, Twitter card) is cut to this many characters. */
export const PROFILE_DESCRIPTION_MAX_LENGTH = 200;
// Settings and the profile's owner (docs/decisions/030-member-settings.md)
export const PROFILE_LIMITS = {
  /** A bio, as Twitter keeps it: 160 characters as a person counts them. */
  bioMaxLength: 160,
  /** A website or avatar URL: room for any real address, not for a page of text. */
  urlMaxLength: 500,
} as const;

// Notifications (spec 1 §2.9; decision 032)
/** Items per page of /notifications (like a feed page). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Characters of a post's or comment's words an item shows. */
export const NOTIFICATION_PREVIEW_LENGTH = 100;
/**
 * Code points read for each of a preview's characters (a flag takes 2, a family of four 7): a text
 * whose first hundred characters take more (text piled with marks) is previewed from what was read.
 */
export const PREVIEW_CODE_POINTS_PER_CHARACTER = 8;
/**
 * Members a post's or a comment's mentions notify, at most: the first ten names it holds. 280
 * characters hold some 56 names, and one account posting them could tell thousands of strangers an
 * hour (a review of what one bad actor can do, decision 097); a member who means to reach someone names
 * a few. The names past these are still words linking to profiles.
 */
export const MENTIONS_NOTIFIED = 10;
/**
 * An item is deleted once its newest row is this old, read or not (the Privacy Policy's retention;
 * decision 093): GitHub keeps its notifications about as long.
 */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** Old items the cron takes a run (every five minutes), and at most as many of their groups' other rows. */
export const NOTIFICATION_CLEANUP_BATCH = 1000;
/**
 * Rows 'Mark all as read', or opening a group, marks in one statement: a member with a million unread
 * rows (90 days of a popular account's likes) is marked in parts, none holding D1 for long (decision 123).
 */
export const NOTIFICATIONS_READ_PART = 5000;

// Trends (spec document 1 §3 hashtag_trends, §9 'refreshed every 5 minutes' by the cron in
// wrangler.toml; docs/decisions/033-trends.md)
/**
 * A trend counts a tag's posts over the last window and compares them with the window just before
 * it, so the job reads twice this span of post_hashtags_created_idx.
 */
export const TREND_WINDOW_MS = DAY;

// Explore and search (spec document 1 §2.8, §7, §9; docs/decisions/034-explore.md)
/** People shown for a search ('Explore results: 10 people'). */
export const EXPLORE_PEOPLE_LIMIT = 10;
/** Posts per page of a search's results ('20 posts'); more follow with 'Load more'. */
export const EXPLORE_POSTS_PAGE_SIZE = 20;
/** 'Popular Posts' without a query ('Top posts on explore: 10'). */
export const POPULAR_POSTS_SHOWN = 10;
/** Popular posts are the most viewed (then most liked) of this long. */
export const POPULAR_POSTS_WINDOW_MS = 7 * DAY;
/**
 * How many are kept per category by the cron job: the page shows the first POPULAR_POSTS_SHOWN the
 * viewer may see, so room for some they may not (subscriber-only, kept for followers).
 */
export const POPULAR_POSTS_KEPT = 50;
/** Trending hashtags shown on explore ('explore shows 6 tags'). */
export const EXPLORE_TRENDS_SHOWN = 6;
/**
 * Explore searches shorter words whole: a beginning of one or two letters gathers a large share of
 * every word in the index (130 ms for 'c' over a million posts).
 */
export const SEARCH_PREFIX_MIN_LENGTH = 3;
/**
 * Home's search (docs/decisions/060): when a query names at least this many members, For you finds
 * their posts by walking the newest posts (as Following does for a member who follows many), else it
 * reads each named member's own.
 */
export const SEARCH_NAMED_SCAN_MIN_MEMBERS = 300;
/**
 * Following's search for a member who follows at most this many people asks FTS5 for their posts with
 * the words, the followed members' ids written into the query (each id a term FTS5 opens, ~20 µs;
 * docs/decisions/061).
 */
export const FOLLOWING_SEARCH_AUTHOR_TERMS = 100;
/**
 * Following's search (for a member who follows more than FOLLOWING_SEARCH_AUTHOR_TERMS people) walks the
 * query's matches, newest first, and keeps those by followed members when the followed members wrote at
 * least 1 in this many of the newest matches (of the newest posts, for word beginnings): a page is then a
 * thousand matches away at most; otherwise it goes through the followed members' own posts.
 */
export const FOLLOWING_SEARCH_WIDE_SHARE = 50;
/** How many of the newest matches (or posts) Following's search looks at to tell that share. */
export const FOLLOWING_SEARCH_SAMPLE = 1000;
/**
 * Going through the followed members' posts, Following's search first tests them against this many of
 * the newest matches (a set read once), and looks further only if that finds less than a page.
 */
export const FOLLOWING_SEARCH_NEAR_MATCHES = 10000;
/** With at most this many matches (a rare word or tag), it reads each match's post instead. */
export const FOLLOWING_SEARCH_FEW_MATCHES = 500;
/**
 * How many members a worker remembers as following more than FOLLOWING_SEARCH_AUTHOR_TERMS people (or
 * not), as their last search's plan found them: the wide way's page is read with the plan only for
 * those who do (docs/decisions/111). The oldest is forgotten first.
 */
export const FOLLOWING_SEARCH_HINTS_MAX = 10000;
/**
 * Looking further, it asks FTS5 about each older post on its own when the followed members wrote at
 * most this many posts, else it reads every match once.
 */
export const FOLLOWING_SEARCH_PROBE_MAX_POSTS = 1000;
/**
 * Home's search tests a repost's original against every match of its words, read once, when there are
 * at most this many; with more, it asks FTS5 about each original (docs/decisions/060).
 */
export const SEARCH_REPOST_MATCHES_READ = 5000;
/**
 * Home's search reads this many of the newest matches once, to test the originals of the reposts it
 * walks against; it asks FTS5 about an older one (docs/decisions/061).
 */
export const SEARCH_REPOST_WORDS_READ = 1000;
/**
 * For you's search finds the reposts of the named members' posts apart (each of their posts' reposts)
 * when it names fewer than SEARCH_NAMED_SCAN_MIN_MEMBERS members who wrote at most this many posts in
 * all; else it tests the reposts it walks for the name too (docs/decisions/061).
 */
export const SEARCH_NAMED_REPOSTS_MAX_POSTS = 1000;
/** People search ranks at most this many of the members whose words match (the member named exactly is always among them). */
export const EXPLORE_PEOPLE_CANDIDATES = 300;

// Communities and invite links (spec document 2 §2–§9; docs/decisions/035-communities.md)
/** Communities per page of /communities' Joined tab and of a search. */
export const COMMUNITIES_PAGE_SIZE = 20;
/** Discover shows the top 20 public communities by score (spec document 2 §7, §9). */
export const DISCOVER_COMMUNITIES_SHOWN = 20;
/** Discover's interests: the hashtags of the member's last 50 posts. */
export const DISCOVER_INTEREST_POSTS = 50;
/**
 * At most this many of them are looked up (one FTS5 prefix look-up each); tags shorter than
 * SEARCH_PREFIX_MIN_LENGTH are not (a one- or two-letter beginning matches most names).
 */
export const DISCOVER_INTERESTS_MAX = 30;
/** Score: +10 per interest found in the name or description, 2·ln(members+1), +5 if created within 30 days. */
export const DISCOVER_SCORE = { perInterest: 10, memberWeight: 2, newBonus: 5, newWithinMs: 30 * DAY } as const;
/**
 * Discover scores only candidates, never every community: the biggest, the new ones and those whose
 * words match an interest (each up to this many), which hold every community that can reach the top 20.
 */
export const DISCOVER_CANDIDATES = 200;
/** Members per page of a community's Members tab. */
export const COMMUNITY_MEMBERS_PAGE_SIZE = 30;
export const COMMUNITY_NAME_MAX_LENGTH = 50;
export const COMMUNITY_DESCRIPTION_MAX_LENGTH = 500;
/** Invite codes: 8 characters from A–Z and 0–9, a new draw up to 10 times on a collision (spec document 2 §5, §9). */
export const INVITE_CODE_LENGTH = 8;
export const INVITE_CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const INVITE_CODE_ATTEMPTS = 10;
/** The largest max-uses an invite takes, and the longest expiry (days) its form offers. */
export const INVITE_MAX_USES_LIMIT = 100_000;
export const INVITE_MAX_EXPIRY_DAYS = 365;
/**
 * Invites listed in the Invite Links dialog: the member's own live ones, the others' live ones, then
 * the expired and used-up, newest first. Each inviter holds at most as many live invites in a community
 * as the list shows, so each can be found and deleted by the one member who may.
 */
export const INVITES_SHOWN = 50;
export const INVITES_LIVE_MAX = INVITES_SHOWN;
/**
 * An invite expired or used up this long ago is deleted by the cron, at most INVITE_CLEANUP_BATCH of
 * each kind a run (decision 122): the list shows it meanwhile, with copy and share disabled.
 */
export const INVITE_DEAD_KEPT_MS = 30 * DAY;
export const INVITE_CLEANUP_BATCH = 500;

// Contact support in the Help Center (decision 078: the badge's Priority Support)
/** The longest message to support, in characters (as posts count them). */
export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;
/** The member's own latest messages to support the Help Center lists. */
export const SUPPORT_REQUESTS_SHOWN = 5;
/** A message to support is deleted this long after it was sent (the Privacy Policy's retention). */
export const SUPPORT_REQUEST_RETENTION_MS = 365 * DAY;
/** Messages to support past their retention the cron deletes a run (every five minutes). */
export const SUPPORT_REQUEST_CLEANUP_BATCH = 500;

// The team's mail (team-queue.ts): messages to support (078) and reports (084), each mailed to
// SUPPORT_EMAIL after the answer, claimed first, and sent again by the cron when that failed.
/** Mails of one kind the cron sends the team in one run (support: priority first), each claimed before it is sent. */
export const TEAM_MAIL_BATCH = 20;
/** A row whose mail after the answer did not go (or has not yet) is the cron's once it is this old. */
export const TEAM_MAIL_RETRY_AFTER_MS = 2 * MINUTE;
/** A mail claimed by a run that ended before sending it (its isolate stopped) is taken again after this (far past a send's timeout). */
export const TEAM_MAIL_CLAIM_STALE_MS = 10 * MINUTE;

// Reports of posts (spec document 1 §8; decision 084)
/** A report is deleted this long after it was filed (the Privacy Policy's retention), as messages to support are. */
export const REPORT_RETENTION_MS = 365 * DAY;
/** Reports past their retention the cron deletes a run (every five minutes). */
export const REPORT_CLEANUP_BATCH = 500;

// Direct messages (spec document 2 §2, §9; docs/decisions/036)
/** The longest message, in characters (as posts count them). */
export const MESSAGE_MAX_LENGTH = 1000;
/** Conversations per page of the list. */
export const CONVERSATIONS_PAGE_SIZE = 20;
/** Messages per page of a conversation ('Load earlier messages' fetches the previous ones). */
export const MESSAGES_PAGE_SIZE = 30;
/**
 * An open conversation whose reader is at its end keeps this many of its newest messages on the page
 * (decision 089): a page left open on a busy conversation stays the same size, and each new message
 * costs the same. 'Load earlier messages' brings the older ones back.
 */
export const MESSAGES_LIVE_KEPT = 5 * MESSAGES_PAGE_SIZE;
/** A conversation scrolled to within this many pixels of its newest message counts as read at its end. */
export const MESSAGES_AT_END_PX = 80;
/**
 * With JavaScript, a post or comment whose answer has not come within this long is taken as unanswered:
 * the form says so and keeps its text, to send again (stored once if the first did arrive, decision 072).
 */
export const SEND_ANSWER_TIMEOUT_MS = 20 * SECOND;
/**
 * After a block or an unblock on a profile, the control the page's reload brings (Unblock, or Block
 * again) takes the keyboard only this soon after the answer (decision 100): a reload that failed leaves
 * no hand-off for a later page.
 */
export const BLOCK_FOCUS_HANDOFF_MS = 10 * SECOND;
/** An upload that has sent nothing and heard nothing for this long is given up, as a failed one. */
export const UPLOAD_STALL_TIMEOUT_MS = 30 * SECOND;
/** The longest id a page may make for what it sends, a message, a post or a comment (a retry of the same id stores one). */
export const CLIENT_ID_MAX_LENGTH = 128;
/**
 * A message the page sends that has no answer after this long shows as failed, with Retry (a retry
 * sends the same id, so one that did arrive is stored once).
 */
export const MESSAGE_SEND_TIMEOUT_MS = 15 * SECOND;
/** Unsent messages (failed, or waiting behind one) a tab keeps for the member across a reload, the oldest dropped past it. */
export const MESSAGES_UNSENT_KEPT = 50;
/** Messages a conversation room sends a page that reconnects, from its last one on, per request. */
export const MESSAGES_RESYNC_LIMIT = 200;
/**
 * A reconnecting page is also sent the messages stored up to this long before its last one, at most
 * MESSAGES_RESYNC_LATE_LIMIT of them (it keeps each once): a message can be stored after one with a
 * later id (two sent in the same millisecond, or clocks apart), and asking only for ids after the last
 * one shown would miss it.
 */
export const MESSAGES_RESYNC_LATE_MS = 10_000;
export const MESSAGES_RESYNC_LATE_LIMIT = 20;

// Realtime rooms (DESIGN.md §6; docs/decisions/036)
/** The public feed room is this many shards; a page joins one by a hash of its connection. */
export const FEED_SHARDS = 8;
/** The posts a page tells its feed room it shows (those on or near the screen): count updates go to it only for these. */
export const FEED_WATCH_MAX = 40;
/** The posts one deletion event names (a block's reposts taken back: decision 123); a page drops others at its next load. */
export const DELETED_POSTS_TOLD_MAX = 200;
/** Before a room is called again after a call Cloudflare says may be retried: this, up to twice it (jitter). */
export const ROOM_RETRY_DELAY_MS = 50;

/**
 * How often a room with listeners checks that their sessions still exist (docs/decisions/067). A
 * sign-out, a password reset or a session's end closes the member's own room's sockets at once; the
 * other rooms close theirs within this time.
 */
export const ROOM_SESSION_CHECK_MS = 60_000;

/**
 * The close code a room sends a socket whose session has ended: the page asks whether its browser is
 * still signed in as its member (a new session: decision 083), and connects again if so; else it
 * reloads (and goes to sign-in).
 */
export const ROOM_SIGNED_OUT_CODE = 4001;

/** After this many handshakes in a row that never opened, a page asks whether its session is still there (app/lib/room-socket.ts). */
export const ROOM_REFUSALS_BEFORE_SESSION_CHECK = 3;

/**
 * A room said the page's session ended and the browser is not signed in as its member: asked again
 * after this long before the page takes the session as over. A password change's answer, which
 * brings this browser's new cookie, may still be on its way when a room's minute check finds the old
 * session gone (decision 083; app/lib/room-socket.ts).
 */
export const SESSION_RECHECK_AFTER_MS = 2_000;

/** Where a page asks which member its browser is signed in as (`{ member }`, null for none). */
export const SESSION_CHECK_PATH = "/api/session";

/** The close code a room sends a socket whose session its browser has just replaced (a password change): the page connects again. */
export const ROOM_RENEWED_CODE = 4002;

/** How long a page that asked to sign out takes its rooms' closing as its own doing (app/lib/signing-out.ts). */
export const SIGNING_OUT_MARK_MS = 10 * SECOND;

/** The close code a room sends a socket whose member may no longer listen there (they left the community): the page stops reconnecting. */
export const ROOM_REVOKED_CODE = 4003;
