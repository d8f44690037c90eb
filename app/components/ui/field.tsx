import { useId, type InputHTMLAttributes, type ReactNode } from "react";

type Errors = string[] | undefined | null;

/** A field's first error, announced with it (the one form recipe: app/components/ui/field.tsx). */
export function ErrorList({ id, errors }: { id?: string; errors: Errors }) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return null;
  return (
    <ul id={id} className="flex flex-col gap-1">
      {shown.slice(0, 1).map((error) => (
        <li key={error} className="text-sm text-danger">
          {error}
        </li>
      ))}
    </ul>
  );
}

export const inputClass =
  "w-full rounded-lg border border-field bg-bg px-3 py-2.5 text-fg placeholder:text-muted focus:border-accent focus:outline-none aria-[invalid=true]:border-danger";

/** What a field's control needs to be tied to its label and its error. */
export type ControlProps = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * Every form field: a real label, the control, and its first error, wired together for assistive
 * technology. The control is rendered by `children` (an input, a select, the mention textarea…);
 * `describedBy` adds ids of other text that describes it (a character count, say).
 */
export function FormField({
  label,
  labelHidden = false,
  id: givenId,
  errors,
  describedBy,
  className = "",
  children,
}: {
  label: string;
  /** The label is read out but not shown (the control's placeholder or icon says it). */
  labelHidden?: boolean;
  id?: string;
  errors?: Errors;
  describedBy?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const described = [describedBy, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className={labelHidden ? "sr-only" : "text-sm font-medium"}>
        {label}
      </label>
      {children({ id, "aria-invalid": errorId ? true : undefined, "aria-describedby": described })}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled input with its first error; `after` sits beside the input (the show-password button). */
export function Field({
  label,
  inputProps,
  errors,
  after,
  className = "",
}: {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { "data-autofocus"?: string };
  errors?: Errors;
  after?: ReactNode;
  className?: string;
}) {
  return (
    <FormField label={label} id={inputProps.id} errors={errors} className={className}>
      {(control) => (
        <div className="flex items-center gap-2">
          <input {...inputProps} {...control} className={inputClass} />
          {after}
        </div>
      )}
    </FormField>
  );
}

/** A form-level message (e.g. wrong password) announced when it appears. */
export function FormError({ errors }: { errors: Errors }) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg border border-danger px-3 py-2 text-sm text-danger">
      {shown[0]}
    </div>
  );
}
