import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ALERT_CONDITIONS, ALERT_SCOPES, ruleProblems, type AlertCondition, type AlertRule, type AlertScope } from '@cab/contract/alerts';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast-bus';
import { useSaveAlertRule } from '../api/alerts';

interface Draft {
  name: string;
  scope: AlertScope;
  sim: string;
  label: string;
  group: string;
  condition: AlertCondition;
  threshold: string;
  country: string;
  notify: boolean;
  block: boolean;
  enabled: boolean;
}

const draftOf = (rule: AlertRule | 'new'): Draft =>
  rule === 'new'
    ? { name: '', scope: 'company', sim: '', label: '', group: '', condition: 'data_percent', threshold: '80', country: '', notify: true, block: false, enabled: true }
    : {
        name: rule.name,
        scope: rule.scope,
        sim: rule.sim ? String(rule.sim.id) : '',
        label: rule.label ?? '',
        group: rule.group ? String(rule.group.id) : '',
        condition: rule.condition,
        threshold: rule.threshold === null ? '' : String(rule.threshold),
        country: rule.country ?? '',
        notify: rule.notify,
        block: rule.block,
        enabled: rule.enabled,
      };

const numberOrNull = (text: string) => (text.trim() === '' || !/^\d+$/.test(text.trim()) ? null : Number(text.trim()));
const NEEDS_THRESHOLD = new Set<AlertCondition>(['data_mb', 'data_percent', 'sms_count', 'no_traffic_days']);

/** Create or edit an alert rule: scope and its target, condition and threshold, actions. */
export function AlertRuleDialog({ rule, onHide }: { rule: AlertRule | 'new' | null; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={rule !== null}
      onHide={onHide}
      header={rule === 'new' ? t('alerts.createTitle') : t('alerts.editTitle')}
      style={{ width: '34rem' }}
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      modal
      data-testid="alert-rule-dialog"
    >
      {rule !== null && <AlertRuleForm key={rule === 'new' ? 'new' : rule.id} rule={rule} onHide={onHide} />}
    </Dialog>
  );
}

function AlertRuleForm({ rule, onHide }: { rule: AlertRule | 'new'; onHide: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const onError = (error: ApiError) => {
    if (error.code === 'alert_rule_exists') setErrors({ name: error.message });
    else if (error.fields) setErrors(error.fields);
    else toastError(error);
  };
  const save = useSaveAlertRule(onError);

  const body = {
    name: draft.name.trim(),
    scope: draft.scope,
    sim: draft.scope === 'sim' ? numberOrNull(draft.sim) : null,
    label: draft.scope === 'label' ? draft.label.trim() || null : null,
    group: draft.scope === 'group' ? numberOrNull(draft.group) : null,
    condition: draft.condition,
    threshold: NEEDS_THRESHOLD.has(draft.condition) ? numberOrNull(draft.threshold) : null,
    country: draft.condition === 'country_enter' ? draft.country.trim().toUpperCase() || null : null,
    notify: draft.notify,
    block: draft.block,
    enabled: draft.enabled,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!body.name) found.name = t('alerts.error.required');
    if (body.name.length > 80) found.name = t('alerts.error.tooLong');
    for (const problem of ruleProblems(body)) found[problem.path] = t(`alerts.error.${problem.message}`);
    if (body.country && !/^[A-Z]{2}$/.test(body.country)) found.country = t('alerts.error.country');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(rule === 'new' ? body : { id: rule.id, ...body }, {
      onSuccess: (result) => {
        if (!result) return;
        showSuccessToast(t(rule === 'new' ? 'alerts.created' : 'alerts.saved'));
        onHide();
      },
    });
  };

  const field = (key: string, label: string, control: React.ReactNode) => (
    <div className="alert-form__field">
      <label htmlFor={`alert-${key}`}>{label}</label>
      {control}
      {errors[key] && (
        <small id={`alert-${key}-error`} className="p-error" role="alert">
          {errors[key]}
        </small>
      )}
    </div>
  );
  const described = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `alert-${key}-error` } : {});

  return (
    <form onSubmit={submit} className="alert-form" noValidate>
      {field('name', t('alerts.name'), <input id="alert-name" className="p-inputtext" value={draft.name} maxLength={80} onChange={(e) => set('name', e.target.value)} data-testid="alert-name" {...described('name')} />)}
      {field(
        'scope',
        t('alerts.scope'),
        <select id="alert-scope" className="p-inputtext" value={draft.scope} onChange={(e) => set('scope', e.target.value as AlertScope)} data-testid="alert-scope">
          {ALERT_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {t(`alerts.scopes.${scope}`)}
            </option>
          ))}
        </select>,
      )}
      {draft.scope === 'sim' && field('sim', t('alerts.simId'), <input id="alert-sim" className="p-inputtext" inputMode="numeric" value={draft.sim} onChange={(e) => set('sim', e.target.value)} data-testid="alert-sim" {...described('sim')} />)}
      {draft.scope === 'label' && field('label', t('alerts.label'), <input id="alert-label" className="p-inputtext" maxLength={32} value={draft.label} onChange={(e) => set('label', e.target.value)} data-testid="alert-label" {...described('label')} />)}
      {draft.scope === 'group' && field('group', t('alerts.groupId'), <input id="alert-group" className="p-inputtext" inputMode="numeric" value={draft.group} onChange={(e) => set('group', e.target.value)} data-testid="alert-group" {...described('group')} />)}
      {field(
        'condition',
        t('alerts.condition'),
        <select id="alert-condition" className="p-inputtext" value={draft.condition} onChange={(e) => set('condition', e.target.value as AlertCondition)} data-testid="alert-condition">
          {ALERT_CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {t(`alerts.conditions.${condition}`)}
            </option>
          ))}
        </select>,
      )}
      {NEEDS_THRESHOLD.has(draft.condition) &&
        field('threshold', t(`alerts.thresholdOf.${draft.condition}`), <input id="alert-threshold" className="p-inputtext" inputMode="numeric" value={draft.threshold} onChange={(e) => set('threshold', e.target.value)} data-testid="alert-threshold" {...described('threshold')} />)}
      {draft.condition === 'country_enter' &&
        field('country', t('alerts.country'), <input id="alert-country" className="p-inputtext" maxLength={2} value={draft.country} onChange={(e) => set('country', e.target.value)} data-testid="alert-country" {...described('country')} />)}
      <fieldset className="alert-form__actions-set">
        <legend>{t('alerts.actions')}</legend>
        <label>
          <input type="checkbox" checked={draft.notify} onChange={(e) => set('notify', e.target.checked)} data-testid="alert-notify" /> {t('alerts.notify')}
        </label>
        <label>
          <input type="checkbox" checked={draft.block} onChange={(e) => set('block', e.target.checked)} data-testid="alert-block" /> {t('alerts.block')}
        </label>
        <label>
          <input type="checkbox" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} data-testid="alert-enabled" /> {t('alerts.enabled')}
        </label>
        {errors.notify && (
          <small className="p-error" role="alert">
            {t('alerts.error.noAction')}
          </small>
        )}
      </fieldset>
      <div className="op-form__actions">
        <Button type="button" label={t('alerts.cancel')} text onClick={onHide} />
        <Button type="submit" label={t('alerts.save')} icon="pi pi-check" loading={save.isPending} data-testid="alert-save" />
      </div>
    </form>
  );
}
