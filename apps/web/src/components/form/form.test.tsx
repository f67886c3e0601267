import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { Form } from './form';
import { FormError } from './form-error';
import { FormField } from './form-field';
import { InputNumberField } from './input-number-field';
import { NativeSelectField } from './select-field';
import { NumberField, PasswordField, TextField } from './text-field';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  name: z.string().trim().min(1, { error: 'required' }).max(5, { error: 'tooLong' }),
  password: z.string().min(3, { error: 'tooShort' }),
  count: z.number({ error: 'notNumber' }).int({ error: 'notNumber' }),
  company: z.number(),
});
type Values = z.input<typeof schema>;

function Sample({ onSubmit, serverError }: { onSubmit: (values: z.output<typeof schema>) => void; serverError?: string }) {
  const form = useZodForm(schema, { defaultValues: { name: '', password: '', count: 50, company: 2 } });
  return (
    <Form form={form} onSubmit={onSubmit} errorKeys="sample.errors" errorValues={{ min: 3 }} testId="sample-form">
      <TextField<Values> name="name" id="sample-name" label="Name" hint="Up to five letters" testId="sample-name" />
      <PasswordField<Values> name="password" id="sample-password" label="Password" autoComplete="new-password" />
      <NumberField<Values> name="count" id="sample-count" label="Count" />
      <NativeSelectField<Values, number>
        name="company"
        id="sample-company"
        label="Company"
        options={[
          { label: 'Acme', value: 1 },
          { label: 'Globex', value: 2 },
        ]}
        registerOptions={{ valueAsNumber: true }}
      />
      <button type="submit">Save</button>
      <button type="button" onClick={() => form.setError('name', { type: 'server', message: serverError })}>
        Fail
      </button>
    </Form>
  );
}

/** Fires the event and lets the form's asynchronous check finish. */
const settle = (fire: () => void) =>
  act(async () => {
    fire();
    await Promise.resolve();
  });
const submit = () => settle(() => fireEvent.click(screen.getByRole('button', { name: 'Save' })));

describe('form kit', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      resources: {
        en: {
          translation: {
            sample: { errors: { required: 'Required', tooLong: 'Too long', tooShort: 'At least {{min}} characters', notNumber: 'A whole number' } },
          },
        },
      },
    });
  });

  it('<FormField> links the label to the control, shows the hint, and the error in its place', () => {
    const { rerender } = render(
      <FormField id="f" label="Field" hint="Hint">
        <input id="f" />
      </FormField>,
    );
    expect(screen.getByLabelText('Field').id).toBe('f');
    expect(screen.getByText('Hint').id).toBe('f-hint');
    rerender(
      <FormField id="f" label="Field" hint="Hint" error="Wrong">
        <input id="f" />
      </FormField>,
    );
    expect(screen.queryByText('Hint')).toBeNull();
    expect(screen.getByRole('alert').id).toBe('f-error');
    expect(screen.getByTestId('f-error').textContent).toBe('Wrong');
  });

  it('says nothing before a submit, then the localized messages with aria on the controls', async () => {
    const onSubmit = vi.fn();
    render(<Sample onSubmit={onSubmit} />);
    const name = screen.getByLabelText('Name');
    fireEvent.blur(name);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(name.getAttribute('aria-describedby')).toBe('sample-name-hint');

    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId('sample-name-error').textContent).toBe('Required');
    expect(screen.getByTestId('sample-password-error').textContent).toBe('At least 3 characters');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('sample-name-error');
    expect(name.className).toContain('p-invalid');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');

    // After a submit, a field is checked again as it changes.
    await settle(() => fireEvent.change(name, { target: { value: 'Anna' } }));
    expect(screen.queryByTestId('sample-name-error')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBe('false');
  });

  it('hands the schema’s output to onSubmit, numbers as numbers', async () => {
    const onSubmit = vi.fn();
    render(<Sample onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Anna ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText('Count'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: '1' } });
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Anna', password: 'secret', count: 100, company: 1 });
  });

  it('shows a server’s message as it came, not as a key', async () => {
    render(<Sample onSubmit={() => undefined} serverError="This name is taken" />);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Fail' })));
    expect(screen.getByTestId('sample-name-error').textContent).toBe('This name is taken');
  });

  it('<InputNumberField> holds null while empty and is checked like any field', async () => {
    const versionSchema = z.object({ version: z.custom<number | null>().pipe(z.number().int().min(1)) });
    const onSubmit = vi.fn();
    function Version() {
      const form = useZodForm(versionSchema, { defaultValues: { version: null }, issueToKey: () => 'required' });
      return (
        <Form form={form} onSubmit={onSubmit} errorKeys="sample.errors">
          <InputNumberField<z.input<typeof versionSchema>> name="version" id="version" label="Version" useGrouping={false} testId="version" />
          <button type="submit">Save</button>
        </Form>
      );
    }
    render(<Version />);
    expect(screen.getByLabelText<HTMLInputElement>('Version').value).toBe('');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId('version-error').textContent).toBe('Required');
    expect(screen.getByLabelText('Version').getAttribute('aria-invalid')).toBe('true');
  });

  it('<FormError> is an alert only while there is a message', () => {
    const { rerender } = render(<FormError message={null} testId="form-error" />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormError message="Server is down" testId="form-error" />);
    expect(screen.getByRole('alert').textContent).toBe('Server is down');
  });
});
