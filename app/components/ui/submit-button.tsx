import type { ButtonHTMLAttributes } from "react";
import { Button } from "./button";

/**
 * A form's submit button that knows when its form is on its way: it says so (the spec's busy texts:
 * 'Signing in...', 'Posting...', 'Deleting...') and cannot be pressed twice.
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  disabled,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  busy: boolean;
  busyLabel: string;
  variant?: "primary" | "secondary" | "ghost" | "danger";
}) {
  return (
    <Button {...props} type="submit" disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </Button>
  );
}
