CREATE TABLE `comment_likes` (
	`comment_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`comment_id`, `user_id`),
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comment_likes_user_idx` ON `comment_likes` (`user_id`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`content` text NOT NULL,
	`parent_id` text,
	`likes_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "comments_likes_non_negative" CHECK("comments"."likes_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX `comments_top_idx` ON `comments` (`post_id`,`parent_id`,`likes_count`,`id`);--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`,`id`);--> statement-breakpoint
CREATE INDEX `comments_user_idx` ON `comments` (`user_id`);--> statement-breakpoint
CREATE TABLE `communities` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`image_url` text,
	`creator_id` text NOT NULL,
	`is_private` integer DEFAULT false NOT NULL,
	`member_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "communities_member_count_non_negative" CHECK("communities"."member_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `communities_name_lower_unique` ON `communities` (lower("name"));--> statement-breakpoint
CREATE INDEX `communities_public_members_idx` ON `communities` (`is_private`,`member_count`);--> statement-breakpoint
CREATE INDEX `communities_creator_idx` ON `communities` (`creator_id`);--> statement-breakpoint
CREATE TABLE `community_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`inviter_id` text NOT NULL,
	`invite_code` text NOT NULL,
	`expires_at` integer,
	`max_uses` integer,
	`uses_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inviter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "community_invites_max_uses_min" CHECK("community_invites"."max_uses" IS NULL OR "community_invites"."max_uses" >= 1),
	CONSTRAINT "community_invites_uses_non_negative" CHECK("community_invites"."uses_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `community_invites_code_unique` ON `community_invites` (`invite_code`);--> statement-breakpoint
CREATE INDEX `community_invites_community_idx` ON `community_invites` (`community_id`,`id`);--> statement-breakpoint
CREATE TABLE `community_members` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`joined_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `community_members_pair_unique` ON `community_members` (`community_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `community_members_user_idx` ON `community_members` (`user_id`,`joined_at`);--> statement-breakpoint
CREATE INDEX `community_members_community_idx` ON `community_members` (`community_id`,`joined_at`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`participant_1_id` text NOT NULL,
	`participant_2_id` text NOT NULL,
	`last_message_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`participant_1_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_2_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "conversations_ordered_pair" CHECK("conversations"."participant_1_id" < "conversations"."participant_2_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_pair_unique` ON `conversations` (`participant_1_id`,`participant_2_id`);--> statement-breakpoint
CREATE INDEX `conversations_p1_idx` ON `conversations` (`participant_1_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `conversations_p2_idx` ON `conversations` (`participant_2_id`,`last_message_at`);--> statement-breakpoint
CREATE TABLE `creator_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`subscriber_id` text NOT NULL,
	`subscribed_to_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`plan` text DEFAULT 'monthly' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`expires_at` integer NOT NULL,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscribed_to_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "creator_subscriptions_not_self" CHECK("creator_subscriptions"."subscriber_id" <> "creator_subscriptions"."subscribed_to_id"),
	CONSTRAINT "creator_subscriptions_amount_non_negative" CHECK("creator_subscriptions"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `creator_subscriptions_pair_idx` ON `creator_subscriptions` (`subscriber_id`,`subscribed_to_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `creator_subscriptions_creator_idx` ON `creator_subscriptions` (`subscribed_to_id`,`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`id`);--> statement-breakpoint
CREATE TABLE `follows` (
	`id` text PRIMARY KEY NOT NULL,
	`follower_id` text NOT NULL,
	`following_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`following_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "follows_not_self" CHECK("follows"."follower_id" <> "follows"."following_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follows_pair_unique` ON `follows` (`follower_id`,`following_id`);--> statement-breakpoint
CREATE INDEX `follows_following_idx` ON `follows` (`following_id`,`id`);--> statement-breakpoint
CREATE INDEX `follows_follower_idx` ON `follows` (`follower_id`,`id`);--> statement-breakpoint
CREATE TABLE `hashtag_trends` (
	`hashtag` text PRIMARY KEY NOT NULL,
	`posts_count` integer DEFAULT 0 NOT NULL,
	`growth_rate` real DEFAULT 0 NOT NULL,
	`category` text DEFAULT 'trending' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `hashtag_trends_rank_idx` ON `hashtag_trends` (`posts_count`,`growth_rate`);--> statement-breakpoint
CREATE TABLE `member_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`notify_likes` integer DEFAULT true NOT NULL,
	`notify_reposts` integer DEFAULT true NOT NULL,
	`notify_comments` integer DEFAULT true NOT NULL,
	`notify_follows` integer DEFAULT true NOT NULL,
	`notify_mentions` integer DEFAULT true NOT NULL,
	`notify_direct_messages` integer DEFAULT true NOT NULL,
	`email_notifications` integer DEFAULT false NOT NULL,
	`profile_visibility` text DEFAULT 'public' NOT NULL,
	`post_visibility` text DEFAULT 'public' NOT NULL,
	`allow_direct_messages` text DEFAULT 'everyone' NOT NULL,
	`show_activity` integer DEFAULT true NOT NULL,
	`index_profile` integer DEFAULT true NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`content` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_idx` ON `messages` (`conversation_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_unread_idx` ON `messages` (`conversation_id`,`sender_id`) WHERE "messages"."is_read" = 0;--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`content` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`related_user_id` text,
	`related_post_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`related_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`related_post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_user_type_idx` ON `notifications` (`user_id`,`type`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`) WHERE "notifications"."is_read" = 0;--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`subscription_id` text,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`provider` text NOT NULL,
	`provider_reference` text,
	`status` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payments_amount_non_negative" CHECK("payments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_reference_unique` ON `payments` (`provider`,`provider_reference`) WHERE "payments"."provider_reference" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `post_bookmarks` (
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_bookmarks_user_idx` ON `post_bookmarks` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `post_hashtags` (
	`post_id` text NOT NULL,
	`hashtag` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`post_id`, `hashtag`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_hashtags_tag_idx` ON `post_hashtags` (`hashtag`,`post_id`);--> statement-breakpoint
CREATE INDEX `post_hashtags_created_idx` ON `post_hashtags` (`created_at`,`hashtag`);--> statement-breakpoint
CREATE TABLE `post_likes` (
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_likes_user_idx` ON `post_likes` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `post_mentions` (
	`post_id` text NOT NULL,
	`username` text NOT NULL,
	`user_id` text,
	PRIMARY KEY(`post_id`, `username`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `post_mentions_user_idx` ON `post_mentions` (`user_id`,`post_id`);--> statement-breakpoint
CREATE TABLE `post_reposts` (
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_reposts_user_idx` ON `post_reposts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `post_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`platform` text DEFAULT 'internal' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_shares_post_user_idx` ON `post_shares` (`post_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`media_urls` text,
	`video_url` text,
	`video_duration` real,
	`location` text,
	`is_subscriber_only` integer DEFAULT false NOT NULL,
	`hashtags` text DEFAULT '[]' NOT NULL,
	`mentions` text DEFAULT '[]' NOT NULL,
	`community_id` text,
	`reposted_from_post_id` text,
	`views_count` integer DEFAULT 0 NOT NULL,
	`likes_count` integer DEFAULT 0 NOT NULL,
	`reposts_count` integer DEFAULT 0 NOT NULL,
	`comments_count` integer DEFAULT 0 NOT NULL,
	`shares_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reposted_from_post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "posts_counts_non_negative" CHECK("posts"."views_count" >= 0 AND "posts"."likes_count" >= 0 AND "posts"."reposts_count" >= 0 AND "posts"."comments_count" >= 0 AND "posts"."shares_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX `posts_user_idx` ON `posts` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `posts_community_idx` ON `posts` (`community_id`,`id`);--> statement-breakpoint
CREATE INDEX `posts_home_idx` ON `posts` (`id`) WHERE "posts"."community_id" IS NULL;--> statement-breakpoint
CREATE INDEX `posts_video_idx` ON `posts` (`id`) WHERE "posts"."video_url" IS NOT NULL AND "posts"."community_id" IS NULL;--> statement-breakpoint
CREATE INDEX `posts_top_idx` ON `posts` (`views_count`,`likes_count`);--> statement-breakpoint
CREATE UNIQUE INDEX `posts_repost_unique` ON `posts` (`reposted_from_post_id`,`user_id`) WHERE "posts"."reposted_from_post_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`reported_by` text NOT NULL,
	`reason` text NOT NULL,
	`additional_info` text,
	`status` text DEFAULT 'open' NOT NULL,
	`reported_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reported_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_one_open_per_member` ON `reports` (`post_id`,`reported_by`) WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX `reports_status_idx` ON `reports` (`status`,`reported_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `social_links` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`url` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `social_links_user_platform_unique` ON `social_links` (`user_id`,`platform`);--> statement-breakpoint
CREATE TABLE `user_activity` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`post_id` text NOT NULL,
	`action_type` text DEFAULT 'view' NOT NULL,
	`weight` integer DEFAULT 1 NOT NULL,
	`day` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_activity_once_per_day` ON `user_activity` (`user_id`,`post_id`,`action_type`,`day`);--> statement-breakpoint
CREATE INDEX `user_activity_post_idx` ON `user_activity` (`post_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`username` text NOT NULL,
	`display_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`bio` text,
	`avatar_url` text,
	`banner_url` text,
	`location` text,
	`website` text,
	`followers_count` integer DEFAULT 0 NOT NULL,
	`following_count` integer DEFAULT 0 NOT NULL,
	`posts_count` integer DEFAULT 0 NOT NULL,
	`verified_type` text,
	`subscription_price_cents` integer DEFAULT 0 NOT NULL,
	`offers_subscriptions` integer DEFAULT false NOT NULL,
	`is_business_entity` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "users_counts_non_negative" CHECK("users"."followers_count" >= 0 AND "users"."following_count" >= 0 AND "users"."posts_count" >= 0),
	CONSTRAINT "users_price_non_negative" CHECK("users"."subscription_price_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE INDEX `users_display_name_lower_idx` ON `users` (lower("display_name"));--> statement-breakpoint
CREATE TABLE `verified_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`amount_cents` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "verified_subscriptions_amount_non_negative" CHECK("verified_subscriptions"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `verified_subscriptions_user_idx` ON `verified_subscriptions` (`user_id`,`expires_at`);