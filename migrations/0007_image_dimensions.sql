-- Images' dimensions, read from their bytes at upload: pages give a post's images their boxes before they arrive (no layout shift). Older uploads stay NULL.
ALTER TABLE `media_uploads` ADD `width` integer;--> statement-breakpoint
ALTER TABLE `media_uploads` ADD `height` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `media_dimensions` text;