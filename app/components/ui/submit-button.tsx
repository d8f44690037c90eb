import type { ButtonHTMLAttributes } from "react";
import { Button } from "./button";

/**
 * A form's submit button that knows when its form is on its way: it says so (the spec's busy texts:
 * 'Signing in...', 'Posting...', 'Deleting...') and cannot be pressed twice. While busy it is
 * aria-disabled, not disabled: a disabled button loses the keyboard's focus to the page (and a screen
 * reader's place with it), and its click (Enter in a field clicks it too) is simply refused.
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  disabled,
  onClick,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  busy: boolean;
  busyLabel: string;
  variant?: "primary" | "secondary" | "ghost" | "danger";
}) {
  return (
    <Button
      {...props}
      type="submit"
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {busy ? busyLabel : children}
    </Button>
  );
}
