import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import './labels.css';

/** A SIM's labels as chips; with `onRemove`, each has a remove button named after its label. */
export function LabelChips({ labels, onRemove, busy = false }: { labels: readonly string[]; onRemove?: (label: string) => void; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="label-chips" aria-label={t('sims.labels.title')} data-testid="label-chips">
      {labels.map((label) => (
        <li key={label} className="label-chip" data-testid="label-chip">
          <span className="label-chip__text">{label}</span>
          {onRemove && (
            <Button
              type="button"
              icon="pi pi-times"
              rounded
              text
              severity="secondary"
              disabled={busy}
              aria-label={t('sims.labels.remove', { label })}
              onClick={() => onRemove(label)}
              data-testid="label-chip-remove"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
