import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { OverlayPanel } from 'primereact/overlaypanel';
import { SIM_COLUMNS, type ColumnSettings, type SimColumn } from '../model/column-settings';

interface ColumnPickerProps {
  settings: ColumnSettings;
  onChange: (settings: ColumnSettings) => void;
}

/** Spec §2: the user picks the visible columns of the cards table. */
export function ColumnPicker({ settings, onChange }: ColumnPickerProps) {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const visibleCount = SIM_COLUMNS.filter((column) => settings[column]).length;

  function toggle(column: SimColumn, visible: boolean): void {
    // At least one column stays, or the table would have nothing to show.
    if (!visible && visibleCount === 1) return;
    onChange({ ...settings, [column]: visible });
  }

  return (
    <>
      <Button
        type="button"
        icon="pi pi-table"
        label={t('sims.columns')}
        outlined
        aria-haspopup="dialog"
        onClick={(event) => panel.current?.toggle(event)}
        data-testid="sims-columns"
      />
      <OverlayPanel ref={panel} className="columns-panel" aria-label={t('sims.columnsTitle')}>
        <fieldset className="columns-picker">
          <legend>{t('sims.columnsTitle')}</legend>
          {SIM_COLUMNS.map((column) => (
            <label key={column} className="columns-picker__item" htmlFor={`col-${column}`}>
              <Checkbox
                inputId={`col-${column}`}
                checked={settings[column]}
                onChange={(event) => toggle(column, event.checked === true)}
                data-testid={`sims-column-${column}`}
              />
              {t(`sims.col.${column}`)}
            </label>
          ))}
        </fieldset>
      </OverlayPanel>
    </>
  );
}
