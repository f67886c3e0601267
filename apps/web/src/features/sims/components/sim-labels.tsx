import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { SIM_LABEL_MAX_LENGTH, SIM_LABELS_PER_SIM } from '@cab/contract/constants';
import type { SimDetail } from '@cab/contract/sims';
import { useChangeSimLabel, useCompanyLabels } from '../api/sim-labels';
import { checkLabel, type LabelProblem } from '../model/label-input';
import { LabelChips } from './label-chips';
import './labels.css';

/**
 * A SIM's labels on its page (issue 25.6): chips, each with its remove button, and a field that adds
 * one on Enter or with its button — all by keyboard. Only shown for editing to those who may operate SIMs.
 */
export function SimLabelsCard({ sim, canEdit }: { sim: SimDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const change = useChangeSimLabel();
  const known = useCompanyLabels();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<LabelProblem | null>(null);
  const full = sim.labels.length >= SIM_LABELS_PER_SIM;

  function add(event: FormEvent): void {
    event.preventDefault();
    const checked = checkLabel(typed, sim.labels);
    setProblem(checked.problem);
    if (checked.problem) return;
    change.mutate({ id: sim.id, label: checked.label, change: 'add' }, { onSuccess: () => setTyped('') });
  }

  const suggestions = (known.data ?? []).filter((label) => !sim.labels.includes(label));
  return (
    <section className="card sim-page__section sim-labels" aria-labelledby="sim-labels-title" data-testid="sim-labels">
      <div className="sim-section__head">
        <h2 id="sim-labels-title">{t('sims.labels.title')}</h2>
      </div>
      {sim.labels.length === 0 ? (
        <p className="muted" data-testid="sim-labels-none">{t('sims.labels.none')}</p>
      ) : (
        <LabelChips
          labels={sim.labels}
          {...(canEdit ? { onRemove: (label: string) => change.mutate({ id: sim.id, label, change: 'remove' }) } : {})}
          busy={change.isPending}
        />
      )}
      {canEdit && (
        <form className="sim-labels__add" onSubmit={add} noValidate>
          <label htmlFor="sim-label-input">{t('sims.labels.input')}</label>
          <div className="sim-labels__row">
            <InputText
              id="sim-label-input"
              value={typed}
              maxLength={SIM_LABEL_MAX_LENGTH + 10}
              list="sim-label-suggestions"
              autoComplete="off"
              disabled={full}
              aria-invalid={problem !== null}
              aria-describedby="sim-label-hint"
              onChange={(event) => {
                setTyped(event.target.value);
                setProblem(null);
              }}
              data-testid="sim-label-input"
            />
            <datalist id="sim-label-suggestions">
              {suggestions.map((label) => (
                <option key={label} value={label} />
              ))}
            </datalist>
            <Button type="submit" icon="pi pi-plus" label={t('sims.labels.add')} disabled={full} loading={change.isPending} data-testid="sim-label-add" />
          </div>
          <small id="sim-label-hint" className={problem ? 'p-error' : 'muted'} role={problem ? 'alert' : undefined} data-testid="sim-label-hint">
            {problem ? t(`sims.labels.problem.${problem}`, { max: SIM_LABEL_MAX_LENGTH }) : t(full ? 'sims.labels.full' : 'sims.labels.hint', { max: SIM_LABEL_MAX_LENGTH, count: SIM_LABELS_PER_SIM })}
          </small>
        </form>
      )}
    </section>
  );
}
