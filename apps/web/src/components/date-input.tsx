import { Calendar } from 'primereact/calendar';
import { useTranslation } from 'react-i18next';
import { dateToIsoDay, isoDayToDate } from '@/lib/iso-day';

interface DateInputProps {
  inputId?: string;
  /** YYYY-MM-DD, or null/undefined when empty. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  min?: string | null;
  max?: string | null;
  invalid?: boolean;
  testId?: string;
}

/**
 * A day picker that writes the day en-GB (26/11/2026, spec §9) with month and day names in the
 * reader's language: a native date input follows the browser's locale instead (mm/dd/yyyy in an
 * American one). The format comes from the `prime` block of the locale files; the key remounts the
 * picker on a language switch, because it formats its text only when the value changes.
 */
export function DateInput({ inputId, value, onChange, min, max, invalid, testId }: DateInputProps) {
  const { i18n } = useTranslation();
  return (
    <Calendar
      key={i18n.language}
      locale={i18n.language}
      inputId={inputId}
      value={isoDayToDate(value)}
      minDate={isoDayToDate(min) ?? undefined}
      maxDate={isoDayToDate(max) ?? undefined}
      onChange={(event) => onChange(dateToIsoDay(event.value))}
      showIcon
      showButtonBar
      invalid={invalid}
      data-testid={testId}
    />
  );
}
