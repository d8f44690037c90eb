/** The spec's user-facing texts that more than one module uses (document 1 §8, document 2 §8). */
export const AUTH_MESSAGES = {
  accountCreated: "Account created successfully!",
  welcomeBack: "Welcome back!",
  usernameTaken: "Username already taken. Please choose a different one.",
  emailTaken: "An account with this email already exists. Try signing in instead.",
  invalidCredentials: "Invalid email or password. Please try again.",
  tooManyAttempts: "Too many login attempts. Please wait a moment and try again.",
  authFailed: "Authentication failed. Please try again.",
  signedOut: "Signed out successfully",
  signOutFailed: "Failed to sign out",
  resetEmailSent: "If an account exists for that email, we have sent a link to reset your password.",
  resetLinkInvalid: "This password reset link is invalid or has expired.",
  passwordReset: "Your password has been reset.",
} as const;

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

/** Loading a feed (spec document 1 §8, "Feed load"). */
export const FEED_MESSAGES = {
  loadFailed: "Unable to load posts. Please try again.",
  timeout: "Connection timeout. Please check your internet connection.",
  network: "Network connection issue...",
} as const;

export const UPLOAD_MESSAGES = {
  selectImage: "Please select an image file",
  imageFormats: "Supported formats: JPEG, PNG, GIF, WebP",
  imageTooLarge: "Image size must be less than 5MB",
  selectVideo: "Please select a video file",
  videoTooLarge: "Video size must be less than 50MB",
  videoHint: "Video must be smaller than 50MB for faster upload",
  imagesUploaded: (count: number) => `Successfully uploaded ${count} image(s)`,
  videoUploaded: "Video uploaded successfully! It will autoplay in posts.",
  uploadFailed: (file: string, reason: string) => `Failed to upload ${file}: ${reason}`,
  generic: "Upload failed",
  tooMany: "Too many uploads. Please wait a moment and try again.",
  missing: "An attached file is no longer available. Please attach it again.",
} as const;

/** Follows and profiles (spec document 2 §4, §8). */
export const PROFILE_MESSAGES = {
  following: (username: string) => `Following @${username}`,
  unfollowed: (username: string) => `Unfollowed @${username}`,
  followFailed: "Failed to update follow status",
  followSelf: "You can't follow yourself",
  notFound: "User not found",
  followersFailed: "Failed to load followers",
  followingFailed: "Failed to load following",
  postedWithMention: "Post created with mention!",
} as const;

/** The bookmarks page (spec document 2 §2 "Bookmarks": a search box and empty states whose texts the spec does not show). */
export const BOOKMARK_MESSAGES = {
  search: "Search bookmarks",
  emptyTitle: "No bookmarks yet",
  emptyText: "Bookmark a post with the bookmark button under it, and it will wait for you here.",
  noMatchTitle: (query: string) => `No bookmarks match “${query}”`,
  noMatchText: "Try another word, a member's name or username, or a #hashtag.",
} as const;

/** The hashtag page (spec document 2 §2 "Hashtag page"). */
export const HASHTAG_MESSAGES = {
  emptyTitle: "No posts found",
  emptyText: (hashtag: string) => `No posts have been made with #${hashtag} yet.`,
  emptyPrompt: "Be the first to post about this topic!",
  notAHashtag: "Not a hashtag",
  notAHashtagText: "A hashtag is letters, digits or underscores after a #, like #murmur.",
} as const;

/** A post the viewer may not see (decision 031): why, and what would let them. */
export const POST_LOCK_MESSAGES = {
  subscribersTitle: "This post is for subscribers",
  subscribers: (username: string) => `Subscribe to @${username} to see what they shared.`,
  privateTitle: "This post is private",
  signIn: (username: string) => `Sign in to see posts by @${username}.`,
  followers: (username: string) => `Only people who follow @${username} can see their posts.`,
  followersSignIn: (username: string) => `Only people who follow @${username} can see their posts. Sign in to follow them.`,
  /** A shared link's description of a locked post. */
  subscribersPreview: "A post for subscribers.",
  privatePreview: "A private post.",
} as const;

/** The public profile a signed-out visitor sees (spec document 2 §2 "Public profile (signed out)"). */
export const PUBLIC_PROFILE_MESSAGES = {
  joinPrompt: "Join to interact with posts",
  privateTitle: "These posts are private",
  privatePosts: (username: string) => `@${username} shares their posts with signed-in members only.`,
  followersTitle: "These posts are for followers",
  followersPosts: (username: string) => `@${username} shares their posts with their followers only.`,
  signInToSee: "Sign in to see their posts",
  signInToFollow: "Sign in to follow them",
  noPostsTitle: "No posts yet.",
  noPosts: (username: string) => `@${username} hasn't posted yet.`,
  /** The description of a shared link when the member has written no bio. */
  description: (displayName: string, username: string) => `See what ${displayName} (@${username}) is posting on Murmur.`,
} as const;

/** Settings and the owner's profile photos (spec document 2 §2 "Settings", §5, §8; docs/decisions/030). */
export const SETTINGS_MESSAGES = {
  profileUpdated: "Profile updated successfully!",
  profileFailed: "Failed to update profile",
  photoUpdated: "Profile photo updated successfully!",
  photoFailed: "Failed to update profile photo",
  bannerUpdated: "Banner photo updated successfully!",
  bannerFailed: "Failed to update banner photo",
  // The spec's notification and privacy saves were only simulated and had no texts of their own.
  notificationsSaved: "Notification settings saved",
  notificationsFailed: "Failed to save notification settings",
  privacySaved: "Privacy settings saved",
  privacyFailed: "Failed to save privacy settings",
  bioTooLong: (max: number) => `Bio must be at most ${max} characters`,
  locationTooLong: (max: number) => `Location must be at most ${max} characters`,
  websiteInvalid: "Please enter a valid website address (http or https)",
  avatarUrlInvalid: "Please enter a valid image address (http or https)",
  urlTooLong: (max: number) => `Web addresses must be at most ${max} characters`,
  noPhoto: "Please choose a photo to upload",
  accessibilityPlaceholder: "Accessibility settings will be available in a future update.",
  helpPlaceholder: "Help articles and contact options will be available in a future update. In the meantime, the Privacy Policy and Terms of Service answer the most common questions.",
} as const;

/** Notifications (spec document 1 §2.9, §8 "Notifications"; the item texts are Murmur's own, decision 032). */
export const NOTIFICATION_MESSAGES = {
  empty: "No notifications yet",
  markAllRead: "Mark all as read",
  loadFailed: "Failed to load notifications",
  sessionExpired: "Session expired. Please refresh the page.",
  tabs: { all: "All", mentions: "Mentions", likes: "Likes" },
  /** What the actor did; `others` more members did the same (likes and reposts of one post). */
  did: (type: "like" | "repost" | "comment" | "mention" | "follow" | "subscription", reply: boolean) =>
    ({
      like: "liked your post",
      repost: "reposted your post",
      comment: reply ? "replied to your comment" : "commented on your post",
      mention: "mentioned you",
      follow: "followed you",
      subscription: "subscribed to you",
    })[type],
  others: (count: number) => (count === 1 ? "and 1 other" : `and ${count} others`),
  unread: "Unread",
  privatePost: "A post you can't see right now",
  loadMore: "Load more",
} as const;
/** Explore and search (spec document 1 §2.8, §8; docs/decisions/034-explore.md). */
export const EXPLORE_MESSAGES = {
  search: "Search people and posts",
  tabs: { trending: "Trending", news: "News", sports: "Sports", entertainment: "Entertainment" },
  tabsLabel: "Categories",
  people: "People",
  posts: "Posts",
  noResults: "No results found",
  noResultsText: "Try another word, a member's name or username, or a #hashtag.",
  searchFailed: "Search failed. Please try again.",
  backToFirst: "Back to the first results",
  popularPosts: "Popular Posts",
  noPopularPosts: "Nothing popular here this week yet.",
  recommended: "Recommended for You",
  comingSoon: "Coming soon",
  recommendedText: "Posts picked for you will show up here.",
  trendingHashtags: "Trending hashtags",
  noTrends: "Nothing is trending here yet.",
} as const;


/** Communities and invite links (spec document 2 §2, §4, §5, §8; docs/decisions/035-communities.md). */
export const COMMUNITY_MESSAGES = {
  title: "Communities",
  tabs: { joined: "Joined", discover: "Discover" },
  tabsLabel: "Communities",
  search: "Search communities",
  create: "Create",
  createTitle: "Create Community",
  editTitle: "Edit Community",
  refresh: "Refresh Recommendations",
  loadFailed: "Unable to load communities. Please try again.",
  noJoined: "You haven't joined any communities yet",
  noJoinedText: "Find one on Discover, or create your own.",
  noDiscover: "No communities to discover yet",
  noDiscoverText: "Create the first one.",
  noResults: "No communities found",
  noResultsText: "Try another word.",
  nameLabel: "Name",
  namePlaceholder: "Community name",
  descriptionLabel: "Description",
  descriptionPlaceholder: "What is this community about?",
  imageLabel: "Community image",
  privateLabel: "Private community",
  privateHint: "Only members can see a private community. People join through invite links.",
  nameRequired: "Community name is required",
  nameTooLong: `Community name must be at most 50 characters`,
  descriptionTooLong: `Description must be at most 500 characters`,
  signInToCreate: "You must be logged in to create a community",
  nameTaken: "A community with this name already exists",
  created: "Community created successfully!",
  createFailed: "Failed to create community",
  updated: "Community updated successfully!",
  updateFailed: "Failed to update community",
  deleted: (name: string) => `${name} has been deleted`,
  deleteFailed: "Failed to delete community",
  deleteTitle: "Delete Community",
  deleteConfirm: (name: string) =>
    `Are you sure you want to delete ${name}? The community, all posts in it and all media will be permanently deleted. This cannot be undone.`,
  joined: "Joined community successfully!",
  alreadyMember: "You are already a member of this community!",
  joinFailed: "Failed to join community",
  left: "Left community successfully!",
  leaveFailed: "Failed to leave community",
  creatorCannotLeave: "You created this community, so you can't leave it. You can delete it instead.",
  onlyCreator: "Only the community's creator can do this.",
  notFound: "Community not found",
  notFoundText: "This community doesn't exist or you don't have access to it.",
  privateTitle: "Private Community",
  privateText: "This is a private community. You need an invitation to join.",
  browse: "Browse Communities",
  back: "Communities",
  join: "Join",
  leave: "Leave",
  joinCommunity: "Join Community",
  post: "Post",
  edit: "Edit",
  delete: "Delete",
  invite: "Invite",
  postsTab: "Posts",
  membersTab: "Members",
  joinToSee: "Join to see posts",
  joinToSeeText: "Members of this community see its posts here.",
  noPosts: "No posts yet",
  noPostsText: "Be the first to post in this community.",
  noMembers: "No members yet",
  postsFailed: "Failed to load community posts",
  membersFailed: "Failed to load members",
  postedIn: "Post created in community!",
  membersOnlyPost: "Only members can post in this community",
  postIn: (name: string) => `Post in ${name}`,
  roles: { creator: "Creator", admin: "Admin", moderator: "Moderator", member: "Member" },
  roleLabel: "Role",
  roleChanged: (name: string, role: string) => `${name} is now ${role === "admin" ? "an" : "a"} ${role}`,
  roleFailed: "Failed to change the member's role",
  by: (username: string) => `by @${username}`,
  members: (count: string) => `${count} ${count === "1" ? "member" : "members"}`,
  save: "Save",
  cancel: "Cancel",
} as const;

/** Invite links and the invite page (spec document 2 §2, §5, §8). */
export const INVITE_MESSAGES = {
  title: "Invite Links",
  createHeading: "Create an invite link",
  expiryLabel: "Expires in (days)",
  expiryHint: "Leave empty for a link that never expires.",
  maxUsesLabel: "Max uses",
  maxUsesHint: "Leave empty for unlimited uses.",
  maxUsesMin: "Max uses must be at least 1",
  maxUsesTooMany: "Max uses must be at most 100,000",
  expiryInvalid: "Expiry must be between 1 and 365 days",
  create: "Create Invite Link",
  created: "Invite created successfully!",
  createFailed: "Failed to create invite",
  codeFailed: "Failed to generate unique invite code",
  deleted: "Invite deleted successfully!",
  deleteFailed: "Failed to delete invite",
  onlyInviter: "Only the member who created this invite can delete it.",
  notAllowed: "Only the community's creator and admins can create invite links.",
  copied: "Invite link copied to clipboard!",
  copy: "Copy",
  share: "Share",
  delete: "Delete",
  loadFailed: "Failed to load invites",
  none: "No invite links yet",
  expired: "Expired",
  usedUp: "Used up",
  never: "Never expires",
  expires: (when: string) => `Expires ${when}`,
  uses: (used: number, max: number | null) => (max === null ? `${used} uses` : `${used} / ${max} uses`),
  // The invite page
  invited: (name: string) => `@${name} invited you to join`,
  join: "Join Community",
  decline: "Decline",
  signIn: "Sign In to Join",
  createAccount: "Create Account",
  welcome: (community: string) => `Welcome to ${community}!`,
  invalid: "Invalid invite link",
  expiredLink: "This invite link has expired",
  usedUpLink: "This invite link has reached its maximum number of uses",
  notFound: "Invite not found",
  loadFailedPage: "Failed to load invite",
  open: "Open community",
  // The Invite Links list and the invite page's own words
  back: (community: string) => `Back to ${community}`,
  linkLabel: "Invite link",
  copyByHand: "Select a link and copy it to share it.",
  copyFailed: "Failed to copy invite link",
  creating: "Creating...",
  deleting: "Deleting...",
  joining: "Joining...",
  loading: "Loading...",
  notAllowedTitle: "Not allowed",
  deleteLabel: (code: string) => `Delete invite ${code}`,
  copyLabel: (code: string) => `Copy invite link ${code}`,
  shareLabel: (code: string) => `Share invite link ${code}`,
  joinTitle: (community: string) => `Join ${community} on Murmur`,
  preview: (username: string, community: string) => `@${username} invited you to join ${community} on Murmur.`,
  privateCommunity: "Private community",
  publicCommunity: "Public community",
  askForNew: "Ask the person who invited you for a new link.",
  checkLink: "Check the link you were sent, or ask for a new one.",
  tryAgain: "Please try again in a moment.",
  retry: "Try again",
} as const;

/** Direct messages (spec document 2 §2, §5, §8). */
export const DM_MESSAGES = {
  sendFailed: "Failed to send message",
  startFailed: "Failed to start conversation",
  starting: "Starting conversation...",
  started: (name: string) => `Started conversation with ${name}`,
  sessionExpired: "Session expired. Please refresh the page.",
  loadFailed: "Failed to load conversations",
  selectOne: "Select a message",
  empty: "No messages yet. Start the conversation!",
  placeholder: "Start a new message",
  search: "Search messages",
  all: "All Messages",
  verifiedOnly: "Verified Only",
  you: "You: ",
  loadEarlier: "Load earlier messages",
  // Ours, where the spec is silent.
  contentRequired: "Message cannot be empty",
  tooLong: (max: number) => `Messages can be at most ${max.toLocaleString("en-US")} characters`,
  notYourself: "You cannot message yourself",
  notAccepting: (name: string) => `${name} is not accepting messages`,
  followersOnly: (name: string) => `${name} only accepts messages from people they follow`,
  notFound: "Conversation not found",
  memberNotFound: "User not found",
  noConversations: "No conversations yet",
  noConversationsHint: "Start one with Message on a member's profile.",
  noMatches: (term: string) => `No conversations match "${term}"`,
  signIn: "Please sign in to send messages",
} as const;
