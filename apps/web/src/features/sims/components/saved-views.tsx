import { useState } from 'react';
import { useCan } from '@/lib/use-can';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';

import { SAVED_VIEW_NAME_MAX, type SavedView, type SavedViewState } from '@cab/contract/sim-tools';
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

function SaveViewDialog(props: { visible: boolean; current: SavedViewState; onHide: () => void; onSaved: (view: SavedView) => void }) {
  const { t } = useTranslation();
  const saveView = useSaveView();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const mayShare = useCan('sims.operate', { writes: true });
  const trimmed = name.trim();
  const error = trimmed.length === 0 ? t('simTools.views.nameRequired') : trimmed.length > SAVED_VIEW_NAME_MAX ? t('simTools.views.nameTooLong', { max: SAVED_VIEW_NAME_MAX }) : null;
  const [touched, setTouched] = useState(false);

  function submit(): void {
    setTouched(true);
    if (error) return;
    saveView.mutate(
      { name: trimmed, shared: mayShare && shared, state: props.current },
      {
        onSuccess: (view) => {
          showSuccessToast({ key: 'simTools.views.saved', values: { name: view.name } });
          props.onSaved(view);
          props.onHide();
          setName('');
          setShared(false);
          setTouched(false);
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
      <form
        className="op-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor="saved-view-name">{t('simTools.views.name')}</label>
        <InputText
          id="saved-view-name"
          value={name}
          maxLength={SAVED_VIEW_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          invalid={touched && error !== null}
          aria-describedby="saved-view-name-hint"
          autoFocus
          data-testid="saved-views-name"
        />
        <small id="saved-view-name-hint" className={touched && error ? 'p-error' : ''}>
          {touched && error ? error : t('simTools.views.nameHint', { count: trimmed.length, max: SAVED_VIEW_NAME_MAX })}
        </small>
        {mayShare && (
          <label className="sims-filter__check" htmlFor="saved-view-shared">
            <Checkbox inputId="saved-view-shared" checked={shared} onChange={(event) => setShared(event.checked === true)} data-testid="saved-views-shared" />
            {t('simTools.views.shared')}
          </label>
        )}
        <div className="op-form__actions">
          <Button type="button" text label={t('ops.cancel')} onClick={props.onHide} />
          <Button type="submit" label={t('simTools.views.saveConfirm')} icon="pi pi-check" loading={saveView.isPending} data-testid="saved-views-confirm" />
        </div>
      </form>
    </Dialog>
  );
}
