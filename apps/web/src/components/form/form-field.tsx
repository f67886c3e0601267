import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import './form.css';

interface FormFieldProps {
  /** The control's id: the label points at it; `<id>-hint` and `<id>-error` describe it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The localized message; while there is one, it takes the hint's place. */
  error?: string | undefined;
  /** A feature's own class beside `form-field` (widths, columns). */
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and error of one field. */
export function FormField({ id, label, hint, error, className, children }: FormFieldProps) {
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && (
        <small id={`${id}-hint`} className="form-field__hint">
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

/** `aria-describedby` of a field's control: its error when there is one, else its hint. */
export function describedBy(id: string, error: string | undefined, hasHint = false): string | undefined {
  if (error) return `${id}-error`;
  return hasHint ? `${id}-hint` : undefined;
}

/** What every field of the kit takes besides its control's own props. */
export interface FieldBaseProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  /** The control's id (default: the name). */
  id?: string;
  hint?: ReactNode;
  testId?: string;
  /** A feature's class on the field's wrapper. */
  fieldClassName?: string;
}

/** The props a PrimeReact input control of a field takes for its error state and description. */
export function invalidControlProps(id: string, error: string | undefined, hint: ReactNode, testId: string | undefined) {
  return {
    invalid: Boolean(error),
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy(id, error, Boolean(hint)),
    'data-testid': testId,
  };
}
