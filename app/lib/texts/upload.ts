export const UPLOAD_MESSAGES = {
  selectImage: "Please select an image file",
  imageFormats: "Supported formats: JPEG, PNG, GIF, WebP",
  imageTooLarge: "Image size must be less than 5MB",
  selectVideo: "Please select a video file",
  videoTooLarge: "Video size must be less than 50MB",
  /** The composer's word for a video over the limit, and its hint without JavaScript (spec document 1 §5). */
  videoHint: "Video must be smaller than 50MB for faster upload",
  imagesUploaded: (count: number) => `Successfully uploaded ${count} image(s)`,
  videoUploaded: "Video uploaded successfully! It will autoplay in posts.",
  uploadFailed: (file: string, reason: string) => `Failed to upload ${file}: ${reason}`,
  generic: "Upload failed",
  /** A video whose upload got no answer (the connection dropped, most often under a large file). */
  videoFailed: "Video upload failed. Try a smaller file.",
  tooMany: "Too many uploads. Please wait a moment and try again.",
  /** Over the allowance for post media over 24 hours (decision 122), given in bytes. */
  dailyLimit: (bytes: number) => `This would take your uploads past ${Math.round(bytes / 1024 ** 3)} GB in 24 hours, the most allowed. Please try again later.`,
  missing: "An attached file is no longer available. Please attach it again.",
} as const;
