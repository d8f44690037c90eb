import { countOf } from "../format";

/** Posts, feed, comments, uploads, sharing and reporting (spec document 1 §5, §6, §8). */
export const POST_MESSAGES = {
  notAuthenticated: "User not authenticated",
  contentRequired: "Post content cannot be empty",
  tooLong: "Post is too long",
  created: "Post created successfully!",
  createFailed: "Failed to create post",
  networkError: "Network error. Please check your connection and try again.",
  waitForUploads: "Please wait for uploads to complete",
  subscribersOnlyUnavailable: "Subscriber-only posts need a subscription price in settings.",
  tooManyImages: "You can attach up to 4 images or one video.",
  locationTooLong: "Location is too long",
  deleted: "Post deleted successfully",
  deleteFailed: "Failed to delete post",
  notFound: "This post doesn't exist or has been deleted.",
  ownRepost: "You can't repost your own posts",
  reposted: "Reposted",
  unreposted: "Repost removed",
  repostFailed: "Failed to repost. Please try again.",
  shareFailed: "Failed to share post. Please try again.",
  signInToLike: "Please sign in to like posts",
  signInToRepost: "Please sign in to repost",
  signInToComment: "Please sign in to comment",
  signInToBookmark: "Please sign in to bookmark posts",
  signInToShare: "Please sign in to share posts",
  bookmarked: "Added to your bookmarks",
  unbookmarked: "Removed from your bookmarks",
  commentPosted: "Comment posted!",
  commentFailed: "Failed to post comment",
  commentRequired: "Comment cannot be empty",
  commentTooLong: "Comment is too long",
  linkCopied: "Link copied to clipboard!",
  copyFailed: "Failed to copy link",
  reported: "Post reported successfully. Thank you for helping keep our community safe.",
  reportFailed: "Failed to submit report. Please try again.",
  reportReasonRequired: "Please select a reason for reporting",
  reportSignIn: "You must be logged in to report posts",
  alreadyReported: "You have already reported this post. Our team will review it.",
  ownReport: "You can't report your own posts",
  imageDownloaded: "Image downloaded!",
  imageDownloadFailed: "Failed to download image",
  imageUrlCopied: "Image URL copied to clipboard!",
  imageShareFailed: "Failed to share image",
  imageLoadFailed: "Failed to load image",
} as const;

/**
 * A card's actions as assistive technology names them: the action, then its count in words ('Like, 12
 * likes'), where the screen shows only the number beside the icon.
 */
export const POST_ACTION_NAMES = {
  reply: (comments: number) => `Reply, ${countOf(comments, "comment", "comments")}`,
  repost: (reposts: number) => `Repost, ${countOf(reposts, "repost", "reposts")}`,
  like: (likes: number) => `Like, ${countOf(likes, "like", "likes")}`,
  share: (shares: number) => `Share, ${countOf(shares, "share", "shares")}`,
  views: (views: number) => countOf(views, "view", "views"),
  commentLike: (likes: number) => `Like comment, ${countOf(likes, "like", "likes")}`,
} as const;

/** What assistive technology calls a post's video, as its images are 'Image 1 of 2 posted by {name}'. */
export const POST_MEDIA_NAMES = {
  video: (authorName: string) => `Video posted by ${authorName}`,
} as const;
