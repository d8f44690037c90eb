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
