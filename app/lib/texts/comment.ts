/**
 * Deleting a comment (docs/decisions/094): its writer, or the author of the post it is on. The spec
 * has no texts for it; these follow its post delete's ('Delete Post', 'Post deleted successfully').
 */
export const COMMENT_DELETE_TEXTS = {
  title: "Delete Comment",
  /** The control on a comment; assistive technology hears whose comment it deletes. */
  control: "Delete",
  controlName: (displayName: string) => `Delete comment by ${displayName}`,
  confirm: "Are you sure you want to delete this comment? This action cannot be undone.",
  deleted: "Comment deleted",
  failed: "Failed to delete comment",
  notFound: "This comment doesn't exist or has been deleted.",
  forbidden: "You can only delete your own comments, or comments on your posts.",
} as const;
