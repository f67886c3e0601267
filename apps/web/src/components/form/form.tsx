import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  FormProvider,
  get,
  useFormContext,
  useFormState,
  type FieldError,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

interface FormMessages {
  /** Where the form's message keys live, e.g. `profile.errors`. */
  keys: string;
  /** Values the messages interpolate, e.g. `{ min: 8 }`. */
  values?: Record<string, unknown> | undefined;
}

const FormMessagesContext = createContext<FormMessages>({ keys: '' });

/**
 * The text of a field's error: a client error carries a key under the form's `keys`; a server one
 * (`type: 'server'`, set from the response) is already localized.
 */
export function fieldErrorText(t: TFunction, error: FieldError | undefined, { keys, values }: FormMessages): string | undefined {
  if (!error?.message) return undefined;
  if (error.type === 'server') return error.message;
  return t(keys ? `${keys}.${error.message}` : error.message, values);
}

/** The localized error of one field of the enclosing `<Form>`; re-renders only when that field's state does. */
export function useFieldError(name: string): string | undefined {
  const { t } = useTranslation();
  const messages = useContext(FormMessagesContext);
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  return fieldErrorText(t, get<typeof errors, FieldError | undefined>(errors, name), messages);
}

interface FormProps<Input extends FieldValues, Output extends FieldValues> {
  form: UseFormReturn<Input, unknown, Output>;
  /** Called with the schema's output once the values pass it. */
  onSubmit: SubmitHandler<Output>;
  /** Where the form's error keys live (`profile.errors`), and what they interpolate. */
  errorKeys?: string;
  errorValues?: Record<string, unknown>;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A `<form noValidate>` whose fields (TextField, SelectField…) find the form and its message keys by context. */
export function Form<Input extends FieldValues, Output extends FieldValues>({
  form,
  onSubmit,
  errorKeys = '',
  errorValues,
  className,
  testId,
  children,
}: FormProps<Input, Output>) {
  const messages = useMemo(() => ({ keys: errorKeys, values: errorValues }), [errorKeys, errorValues]);
  const submit = form.handleSubmit(onSubmit);
  return (
    <FormProvider {...form}>
      <FormMessagesContext value={messages}>
        <form className={className} onSubmit={(event) => void submit(event)} noValidate data-testid={testId}>
          {children}
        </form>
      </FormMessagesContext>
    </FormProvider>
  );
}
