import { SETTINGS_ACTION_TEXTS } from "./actions";

/** Settings and the owner's profile photos (spec document 2 §2 "Settings", §5, §8; docs/decisions/030). */
export const SETTINGS_MESSAGES = {
  ...SETTINGS_ACTION_TEXTS,
  tabs: {
    profile: "Profile",
    notifications: "Notifications",
    privacy: "Privacy & Safety",
    account: "Account",
    appearance: "Appearance",
    accessibility: "Accessibility",
    help: "Help Center",
  },
  saveChanges: "Save Changes",
  profileUpdated: "Profile updated successfully!",
  photoUpdated: "Profile photo updated successfully!",
  bannerUpdated: "Banner photo updated successfully!",
  // The spec's notification and privacy saves were only simulated and had no texts of their own.
  notificationsSaved: "Notification settings saved",
  privacySaved: "Privacy settings saved",
  bioTooLong: (max: number) => `Bio must be at most ${max} characters`,
  locationTooLong: (max: number) => `Location must be at most ${max} characters`,
  websiteInvalid: "Please enter a valid website address (http or https)",
  // An avatar elsewhere is copied into Murmur when saved (decision 080): over https only.
  avatarUrlInvalid: "Please enter a valid image address (https)",
  avatarUrlUnreachable: "Could not load an image from that address",
  avatarUrlNotImage: "The image at that address must be a JPEG, PNG, GIF or WebP",
  urlTooLong: (max: number) => `Web addresses must be at most ${max} characters`,
  noPhoto: "Please choose a photo to upload",
  accessibilityPlaceholder: "Accessibility settings will be available in a future update.",
  helpPlaceholder: "Help articles will be available in a future update. In the meantime, the Privacy Policy and Terms of Service answer the most common questions, and support answers the rest.",
} as const;
