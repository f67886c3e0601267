import { Controller, useFormContext, type FieldValues } from 'react-hook-form';
import { InputNumber, type InputNumberProps } from 'primereact/inputnumber';
import { FormField, invalidControlProps, type FieldBaseProps } from './form-field';
import { useFieldError } from './form';

type InputNumberRest = Omit<InputNumberProps, 'id' | 'inputId' | 'name' | 'value' | 'onChange' | 'onValueChange' | 'onBlur' | 'invalid'>;

type InputNumberFieldProps<T extends FieldValues> = FieldBaseProps<T> & InputNumberRest;

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
            {...invalidControlProps(id, error, hint, testId)}
            {...input}
          />
        )}
      />
    </FormField>
  );
}
