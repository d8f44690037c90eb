import { getCollectionProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { ErrorList } from "~/components/ui/field";

/**
 * The controls of the notification and privacy forms, each with a real label and a line that says
 * what it does (tied to it with aria-describedby).
 */

/** A checkbox setting: its label, what it does, and its first error. */
export function SettingToggle({ field, label, description }: { field: FieldMetadata<boolean | undefined>; label: string; description: string }) {
  const descriptionId = `${field.id}-description`;
  return (
    <div className="flex items-start gap-3 py-2">
      <input
        {...getInputProps(field, { type: "checkbox" })}
        aria-describedby={descriptionId}
        className="mt-1 size-5 shrink-0 accent-accent"
      />
      <div className="flex flex-col">
        <label htmlFor={field.id} className="font-medium">
          {label}
        </label>
        <p id={descriptionId} className="text-sm text-muted">
          {description}
        </p>
        <ErrorList errors={field.errors} />
      </div>
    </div>
  );
}

/** One of a few choices, as radio buttons in a fieldset named by its legend. */
export function SettingChoice<V extends string>({
  field,
  legend,
  options,
}: {
  field: FieldMetadata<V | undefined>;
  legend: string;
  options: Record<V, { label: string; description?: string }>;
}) {
  const values = Object.keys(options) as V[];
  const errorId = `${field.id}-error`;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={field.errors ? errorId : undefined}>
      <legend className="mb-1 font-semibold">{legend}</legend>
      {getCollectionProps(field, { type: "radio", options: values }).map(({ key, ...props }) => {
        const option = options[props.value as V];
        const descriptionId = `${props.id}-description`;
        return (
          <div key={key} className="flex items-start gap-3 py-1">
            <input {...props} aria-describedby={option.description ? descriptionId : undefined} className="mt-1 size-4 shrink-0 accent-accent" />
            <div className="flex flex-col">
              <label htmlFor={props.id}>{option.label}</label>
              {option.description ? (
                <p id={descriptionId} className="text-sm text-muted">
                  {option.description}
                </p>
              ) : null}
            </div>
          </div>
        );
      })}
      <ErrorList id={errorId} errors={field.errors} />
    </fieldset>
  );
}
