import type { ReactNode } from 'react';
import { Controller, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { InputNumber, type InputNumberProps } from 'primereact/inputnumber';
import { FormField, describedBy } from './form-field';
import { useFieldError } from './form';

type InputNumberRest = Omit<InputNumberProps, 'id' | 'inputId' | 'name' | 'value' | 'onChange' | 'onValueChange' | 'onBlur' | 'invalid'>;

interface InputNumberFieldProps<T extends FieldValues> extends InputNumberRest {
  name: FieldPath<T>;
  label: ReactNode;
  id?: string;
  hint?: ReactNode;
  testId?: string;
  fieldClassName?: string;
}

/** PrimeReact's InputNumber bound to a `number | null` of the form; the value follows each keystroke. */
export function InputNumberField<T extends FieldValues = FieldValues>(props: InputNumberFieldProps<T>) {
  const { name, label, id = name, hint, testId, fieldClassName, ...input } = props;
  const { control } = useFormContext<T>();
  const error = useFieldError(name);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={fieldClassName}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <InputNumber
            inputId={id}
            value={field.value ?? null}
            onChange={(event) => field.onChange(event.value ?? null)}
            onBlur={field.onBlur}
            invalid={Boolean(error)}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy(id, error, Boolean(hint))}
            data-testid={testId}
            {...input}
          />
        )}
      />
    </FormField>
  );
}
