import { useState } from 'react';
import { useCan } from '@/lib/use-can';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { SAVED_VIEW_NAME_MAX, SavedViewCreateRequest, type SavedView, type SavedViewState } from '@cab/contract/sim-tools';
import { CheckboxField } from '@/components/form/checkbox-field';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { showSuccessToast } from '@/lib/api';
import { useDeleteView, useSaveView, useSavedViews } from '../api/saved-views';

interface SavedViewsProps {
  /** The list as it is now, in saved-view form. */
  current: SavedViewState;
  onApply: (view: SavedView) => void;
}

/** Saved views of the list: pick one to restore it, save the current one, update or delete it. */
export function SavedViews({ current, onApply }: SavedViewsProps) {
  const { t } = useTranslation();
  const views = useSavedViews();
  const saveView = useSaveView();
  const deleteView = useDeleteView();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'save' | 'delete' | null>(null);
  const items = views.data?.items ?? [];
  const selected = items.find((view) => view.id === selectedId) ?? null;
  // The picker names the view only while the list still shows it; once changed, picking it again restores it.
  const showing = selected !== null && sameState(selected.state, current);
  const options = items.map((view) => ({
    label: view.shared ? `${view.name} · ${t('simTools.views.sharedTag')}` : view.name,
    value: view.id,
  }));

  return (
    <div className="saved-views" data-testid="saved-views">
      <label htmlFor="saved-view-select" className="visually-hidden">
        {t('simTools.views.label')}
      </label>
      <Dropdown
        inputId="saved-view-select"
        value={showing ? selectedId : null}
        options={options}
        placeholder={views.isError ? t('common.cantLoad') : t('simTools.views.placeholder')}
        emptyMessage={t('simTools.views.empty')}
        loading={views.isPending}
        onChange={(event) => {
          const view = items.find((item) => item.id === event.value);
          setSelectedId(view?.id ?? null);
          if (view) onApply(view);
        }}
        className="saved-views__select"
        data-testid="saved-views-select"
      />
      <Button
        type="button"
        outlined
        size="small"
        icon="pi pi-bookmark"
        label={t('simTools.views.save')}
        onClick={() => setDialog('save')}
        data-testid="saved-views-save"
      />
      {selected?.editable && (
        <>
          <Button
            type="button"
            text
            size="small"
            icon="pi pi-refresh"
            label={t('simTools.views.update')}
            loading={saveView.isPending}
            onClick={() =>
              saveView.mutate(
                { id: selected.id, state: current },
                { onSuccess: () => showSuccessToast({ key: 'simTools.views.updated', values: { name: selected.name } }) },
              )
            }
            data-testid="saved-views-update"
          />
          <Button
            type="button"
            text
            size="small"
            severity="danger"
            icon="pi pi-trash"
            aria-label={t('simTools.views.delete')}
            title={t('simTools.views.delete')}
            onClick={() => setDialog('delete')}
            data-testid="saved-views-delete"
          />
        </>
      )}
      <SaveViewDialog
        visible={dialog === 'save'}
        current={current}
        onHide={() => setDialog(null)}
        onSaved={(view) => setSelectedId(view.id)}
      />
      <Dialog
        visible={dialog === 'delete' && selected !== null}
        onHide={() => setDialog(null)}
        header={t('simTools.views.deleteTitle')}
        style={{ width: '28rem' }}
        breakpoints={{ '640px': '95vw' }}
        draggable={false}
        modal
      >
        <p>{t('simTools.views.deleteText', { name: selected?.name ?? '' })}</p>
        <div className="op-form__actions">
          <Button type="button" text label={t('ops.cancel')} onClick={() => setDialog(null)} />
          <Button
            type="button"
            severity="danger"
            label={t('simTools.views.delete')}
            loading={deleteView.isPending}
            onClick={() =>
              selected &&
              deleteView.mutate(selected.id, {
                onSuccess: () => {
                  setDialog(null);
                  setSelectedId(null);
                },
              })
            }
            data-testid="saved-views-delete-confirm"
          />
        </div>
      </Dialog>
    </div>
  );
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

function sameState(a: SavedViewState, b: SavedViewState): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** The contract's view name and sharing; its issues become keys under simTools.views. */
const viewFormSchema = SavedViewCreateRequest.pick({ name: true, shared: true });
type ViewFormValues = z.input<typeof viewFormSchema>;
const VIEW_ERROR_VALUES = { max: SAVED_VIEW_NAME_MAX };

function SaveViewDialog(props: { visible: boolean; current: SavedViewState; onHide: () => void; onSaved: (view: SavedView) => void }) {
  const { t } = useTranslation();
  const saveView = useSaveView();
  // Checked on Save, then as the name changes (as before).
  const form = useZodForm(viewFormSchema, {
    defaultValues: { name: '', shared: false },
    issueToKey: (issue) => (issue.code === 'too_big' ? 'nameTooLong' : 'nameRequired'),
  });
  const mayShare = useCan('sims.operate', { writes: true });
  const name = useWatch({ control: form.control, name: 'name' });

  function submit({ name: trimmed, shared }: z.output<typeof viewFormSchema>): void {
    saveView.mutate(
      { name: trimmed, shared: mayShare && shared, state: props.current },
      {
        onSuccess: (view) => {
          showSuccessToast({ key: 'simTools.views.saved', values: { name: view.name } });
          props.onSaved(view);
          props.onHide();
          form.reset();
        },
      },
    );
  }

  return (
    <Dialog
      visible={props.visible}
      onHide={props.onHide}
      header={t('simTools.views.saveTitle')}
      style={{ width: '28rem' }}
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      modal
      data-testid="saved-views-dialog"
    >
      <Form form={form} onSubmit={submit} errorKeys="simTools.views" errorValues={VIEW_ERROR_VALUES} className="op-form">
        <TextField<ViewFormValues>
          name="name"
          id="saved-view-name"
          label={t('simTools.views.name')}
          hint={t('simTools.views.nameHint', { count: name.trim().length, max: SAVED_VIEW_NAME_MAX })}
          maxLength={SAVED_VIEW_NAME_MAX}
          autoFocus
          testId="saved-views-name"
        />
        {mayShare && (
          <CheckboxField<ViewFormValues>
            name="shared"
            id="saved-view-shared"
            label={t('simTools.views.shared')}
            className="sims-filter__check"
            testId="saved-views-shared"
          />
        )}
        <div className="op-form__actions">
          <Button type="button" text label={t('ops.cancel')} onClick={props.onHide} />
          <Button type="submit" label={t('simTools.views.saveConfirm')} icon="pi pi-check" loading={saveView.isPending} data-testid="saved-views-confirm" />
        </div>
      </Form>
    </Dialog>
  );
}
