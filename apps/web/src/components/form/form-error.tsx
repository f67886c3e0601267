import './form.css';

/** A server's answer that belongs to no field, above the form's buttons. */
export function FormError({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert" data-testid={testId}>
      <i className="pi pi-exclamation-circle" aria-hidden="true" />
      {message}
    </div>
  );
}
