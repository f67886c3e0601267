import { useFormContext, type FieldPath, type FieldValues, type RegisterOptions } from 'react-hook-form';
import { InputText, type InputTextProps } from 'primereact/inputtext';
import { InputTextarea, type InputTextareaProps } from 'primereact/inputtextarea';
import { FormField, invalidControlProps, type FieldBaseProps } from './form-field';
import { useFieldError } from './form';

interface FieldProps<T extends FieldValues> extends FieldBaseProps<T> {
  registerOptions?: RegisterOptions<T, FieldPath<T>>;
}

type InputProps = Omit<InputTextProps, 'id' | 'name' | 'invalid' | 'onChange' | 'onBlur' | 'value'>;

/** A registered PrimeReact text input with its label, hint and localized error. */
export function TextField<T extends FieldValues = FieldValues>(props: FieldProps<T> & InputProps) {
  const { name, label, id = name, hint, testId, fieldClassName, registerOptions, ...input } = props;
  const { register } = useFormContext<T>();
  const error = useFieldError(name);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={fieldClassName}>
      <InputText
        id={id}
        {...invalidControlProps(id, error, hint, testId)}
        {...input}
        {...register(name, registerOptions)}
      />
    </FormField>
  );
}

/** A password input: no length shown, the browser's password manager told which one it is. */
export function PasswordField<T extends FieldValues = FieldValues>(
  props: FieldProps<T> & Omit<InputProps, 'type'> & { autoComplete: 'current-password' | 'new-password' },
) {
  return <TextField<T> maxLength={200} {...props} type="password" />;
}

/** A number input whose value reaches the schema as a number (NaN when empty). */
export function NumberField<T extends FieldValues = FieldValues>(props: FieldProps<T> & Omit<InputProps, 'type'>) {
  const { registerOptions, ...rest } = props;
  return <TextField<T> {...rest} type="number" registerOptions={{ ...registerOptions, valueAsNumber: true } as RegisterOptions<T, FieldPath<T>>} />;
}

type TextAreaProps = Omit<InputTextareaProps, 'id' | 'name' | 'invalid' | 'onChange' | 'onBlur' | 'value'>;

/** A registered PrimeReact textarea with its label, hint and localized error. */
export function TextAreaField<T extends FieldValues = FieldValues>(props: FieldProps<T> & TextAreaProps) {
  const { name, label, id = name, hint, testId, fieldClassName, registerOptions, ...input } = props;
  const { register } = useFormContext<T>();
  const error = useFieldError(name);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={fieldClassName}>
      <InputTextarea
        id={id}
        {...invalidControlProps(id, error, hint, testId)}
        {...input}
        {...register(name, registerOptions)}
      />
    </FormField>
  );
}
