import type { ReactNode } from 'react';

interface ToolFieldProps {
  id: string;
  label: string;
  hint?: string;
  /** The server's localized message for this field. */
  error?: string | undefined;
  children: ReactNode;
}

/** Label, input, hint and the server's error, linked for screen readers by `<id>-hint` / `<id>-error`. */
export function ToolField({ id, label, hint, error, children }: ToolFieldProps) {
  return (
    <div className="tool-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && (
        <small id={`${id}-hint`} className="tool-field__hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="p-error" role="alert" data-testid={`${id}-error`}>
          {error}
        </small>
      )}
    </div>
  );
}

/** `aria-describedby` of the field's input: its error when there is one, else its hint. */
export function describedBy(id: string, error: string | undefined, hasHint = false): string | undefined {
  if (error) return `${id}-error`;
  return hasHint ? `${id}-hint` : undefined;
}
