import { z } from "./zod";
import { cleaned } from "./clean-text";
import { blankIsMissing, required } from "./required";
import {
  DISPLAY_NAME_MAX_LENGTH,
  DISPLAY_NAME_MIN_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from "../constants";
import { hasCheckMark } from "../name-keys";
import { ACCOUNT_MESSAGES } from "../texts/account";
import { AUTH_MESSAGES } from "../texts/auth";

/**
 * The account forms' rules, with the spec's messages (document 1 §5). The same schemas validate in the
 * browser (conform) and in the actions. Conform turns empty fields into undefined, so "required"
 * is the message of a missing value.
 *
 * Control characters (clean-text.ts), field by field:
 * - display name and e-mail: stripped, as one line. They are invisible, so refusing them would point
 *   at a fault nobody can see; what is left is what the member saw, and it still meets every rule
 *   (a name of only controls is 'required', a name left with one letter 'at least 2 characters', and
 *   an address is still checked as an address).
 * - username: refused, as anything but ASCII letters, digits and '_' is, bidi controls (U+202E)
 *   included: it names the member in links and mentions, so it is never changed behind their back.
 *   One that only looks like another's ('Ieo' for 'leo') is taken: the server knows (usernameKey).
 * - password: taken as typed. It is a secret compared exactly; changing it would change the password.
 */

export const EmailSchema = cleaned(
  "single-line",
  blankIsMissing(
    z
      .string(required(AUTH_MESSAGES.emailRequired))
      .trim()
      .max(EMAIL_MAX_LENGTH, { error: AUTH_MESSAGES.invalidEmail })
      .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }))
      .transform((email) => email.toLowerCase()),
  ),
);

export const PasswordSchema = z
  .string(required(AUTH_MESSAGES.passwordRequired))
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH) })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong(PASSWORD_MAX_LENGTH) });

export const UsernameSchema = blankIsMissing(
  z
    .string(required(AUTH_MESSAGES.usernameRequired))
    .trim()
    .min(USERNAME_MIN_LENGTH, { error: AUTH_MESSAGES.usernameTooShort(USERNAME_MIN_LENGTH) })
    .max(USERNAME_MAX_LENGTH, { error: AUTH_MESSAGES.usernameTooLong(USERNAME_MAX_LENGTH) })
    .regex(/^[A-Za-z0-9_]+$/, { error: AUTH_MESSAGES.usernameCharacters }),
);

export const DisplayNameSchema = cleaned(
  "single-line",
  blankIsMissing(
    z
      .string(required(AUTH_MESSAGES.displayNameRequired))
      .trim()
      .min(DISPLAY_NAME_MIN_LENGTH, { error: AUTH_MESSAGES.displayNameTooShort(DISPLAY_NAME_MIN_LENGTH) })
      .max(DISPLAY_NAME_MAX_LENGTH, { error: AUTH_MESSAGES.displayNameTooLong(DISPLAY_NAME_MAX_LENGTH) })
      // 'Murmur ✔️' would wear a badge of its own where the verified one goes (decision 096).
      .refine((name) => !hasCheckMark(name), { error: AUTH_MESSAGES.displayNameCheckMark }),
  ),
);

const ConfirmPasswordSchema = z.string(required(AUTH_MESSAGES.confirmPasswordRequired));

const passwordsMatch = <T extends { password: string; confirmPassword: string }>(value: T) =>
  value.password === value.confirmPassword;
const mismatch = { error: AUTH_MESSAGES.passwordsMustMatch, path: ["confirmPassword"] };

export const SignInSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
});

export const SignUpSchema = z
  .object({
    displayName: DisplayNameSchema,
    username: UsernameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
  })
  .refine(passwordsMatch, mismatch);

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z
  .object({
    token: z.string(required(AUTH_MESSAGES.resetLinkInvalid)),
    password: PasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
  })
  .refine(passwordsMatch, mismatch);

/**
 * Settings › Account (docs/decisions/074). The current password is only compared, never judged by
 * today's rules (an older one may be shorter), so it needs only to be there; the new one follows
 * sign-up's rules and messages, and must differ from the current one.
 */
const CurrentPasswordSchema = (missing: string) => z.string(required(missing)).max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong(PASSWORD_MAX_LENGTH) });

export const ChangePasswordSchema = z
  .object({
    currentPassword: CurrentPasswordSchema(ACCOUNT_MESSAGES.currentPasswordRequired),
    password: PasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
  })
  .refine(passwordsMatch, mismatch)
  .refine((value) => value.password !== value.currentPassword, { error: ACCOUNT_MESSAGES.samePassword, path: ["password"] });

export const DeleteAccountSchema = z.object({ password: CurrentPasswordSchema(ACCOUNT_MESSAGES.passwordRequired) });

export type SignInInput = z.infer<typeof SignInSchema>;
export type SignUpInput = z.infer<typeof SignUpSchema>;
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
