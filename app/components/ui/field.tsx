import { useId, type InputHTMLAttributes, type ReactNode } from "react";

type Errors = string[] | undefined | null;

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
  "w-full rounded-lg border border-line bg-bg px-3 py-2.5 text-fg placeholder:text-muted focus:border-accent focus:outline-none aria-[invalid=true]:border-danger";

/** A labelled input with its first error, wired together for assistive technology. */
export function Field({
  label,
  inputProps,
  errors,
  after,
  className = "",
}: {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: Errors;
  after?: ReactNode;
  className?: string;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          {...inputProps}
          id={id}
          className={inputClass}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
        />
        {after}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
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
