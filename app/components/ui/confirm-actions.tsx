import { Link } from "@remix-run/react";
import { Button, buttonClass } from "./button";
import { SubmitButton } from "./submit-button";

/**
 * A confirmation's buttons: Cancel, then the action (its busy text while it runs). In a dialog
 * (JavaScript) Cancel closes it; on the confirmation's own page Cancel is a link back.
 */
export function ConfirmActions({
  label,
  busyLabel,
  busy,
  onCancel,
  cancelHref,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  onCancel?: () => void;
  cancelHref?: string;
}) {
  return (
    <div className="flex justify-end gap-3">
      {onCancel ? (
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      ) : (
        <Link to={cancelHref ?? "/"} className={buttonClass("secondary")}>
          Cancel
        </Link>
      )}
      <SubmitButton variant="danger" busy={busy} busyLabel={busyLabel}>
        {label}
      </SubmitButton>
    </div>
  );
}
