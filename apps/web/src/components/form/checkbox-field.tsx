import type { ReactNode } from 'react';
import { Controller, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import './form.css';

interface CheckboxFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  id?: string;
  testId?: string;
  /** The row's class (default `form-checkbox`: box, then its label). */
  className?: string;
}

/** A PrimeReact checkbox bound to a boolean of the form, its label after it. */
export function CheckboxField<T extends FieldValues = FieldValues>({ name, label, id = name, testId, className }: CheckboxFieldProps<T>) {
  const { control } = useFormContext<T>();
  return (
    <div className={className ?? 'form-checkbox'}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Checkbox
            inputId={id}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.checked === true)}
            data-testid={testId}
          />
        )}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
