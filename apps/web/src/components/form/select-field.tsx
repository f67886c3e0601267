import { Controller, useFormContext, type FieldPath, type FieldValues, type RegisterOptions } from 'react-hook-form';
import { Dropdown, type DropdownProps } from 'primereact/dropdown';
import { FormField, describedBy, type FieldBaseProps } from './form-field';
import { useFieldError } from './form';

export interface SelectOption<V> {
  label: string;
  value: V;
}

type SelectFieldProps<T extends FieldValues> = FieldBaseProps<T>;

/**
 * A native `<select>` in the theme's look: no overlay, so it suits short lists (languages,
 * the companies one may choose). Numbers stay numbers with `registerOptions.valueAsNumber`.
 */
export function NativeSelectField<T extends FieldValues = FieldValues, V extends string | number = string | number>(
  props: SelectFieldProps<T> & {
    options: readonly SelectOption<V>[];
    className?: string;
    registerOptions?: RegisterOptions<T, FieldPath<T>>;
  },
) {
  const { name, label, id = name, hint, testId, fieldClassName, options, className, registerOptions } = props;
  const { register } = useFormContext<T>();
  const error = useFieldError(name);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={fieldClassName}>
      <select
        id={id}
        className={className ? `p-inputtext ${className}` : 'p-inputtext'}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, Boolean(hint))}
        data-testid={testId}
        {...register(name, registerOptions)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

type DropdownRest = Omit<DropdownProps, 'id' | 'inputId' | 'name' | 'value' | 'onChange' | 'onBlur' | 'invalid' | 'options'>;

/** A PrimeReact Dropdown bound to the form (filter, placeholder, loading… pass through). */
export function DropdownField<T extends FieldValues = FieldValues, V = unknown>(
  props: SelectFieldProps<T> & DropdownRest & { options: readonly SelectOption<V>[] },
) {
  const { name, label, id = name, hint, testId, fieldClassName, options, ...dropdown } = props;
  const { control } = useFormContext<T>();
  const error = useFieldError(name);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={fieldClassName}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Dropdown
            inputId={id}
            value={field.value}
            options={[...options]}
            invalid={Boolean(error)}
            aria-describedby={describedBy(id, error, Boolean(hint))}
            onChange={(event) => field.onChange(event.value as V)}
            onBlur={field.onBlur}
            data-testid={testId}
            {...dropdown}
          />
        )}
      />
    </FormField>
  );
}
