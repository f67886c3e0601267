import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from 'primereact/checkbox';
import { SelectButton } from 'primereact/selectbutton';
import { ROAMING_MODES, ROAMING_ZONES, type RoamingZone } from '@cab/contract/sim-rules';
import type { RoamingFormValue } from '../model/roaming-form';

interface RoamingFieldsProps {
  value: RoamingFormValue;
  onChange: (value: RoamingFormValue) => void;
  disabled?: boolean;
}

/** Off / zone list / worldwide, and the zones when a zone list is chosen. */
export function RoamingFields({ value, onChange, disabled }: RoamingFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const modes = ROAMING_MODES.map((mode) => ({ value: mode, label: t(`roaming.mode.${mode}`) }));
  function toggle(zone: RoamingZone, on: boolean): void {
    onChange({ ...value, zones: on ? [...value.zones, zone] : value.zones.filter((z) => z !== zone) });
  }
  return (
    <div className="roaming-fields">
      <span id={`${id}-mode`} className="roaming-fields__label">
        {t('roaming.modeLabel')}
      </span>
      <SelectButton
        value={value.mode}
        options={modes}
        onChange={(event) => {
          const mode = ROAMING_MODES.find((m) => m === event.value);
          if (mode) onChange({ ...value, mode });
        }}
        allowEmpty={false}
        disabled={disabled}
        aria-labelledby={`${id}-mode`}
        data-testid="roaming-mode"
      />
      {value.mode === 'zones' && (
        <fieldset className="roaming-fields__zones" data-testid="roaming-zones">
          <legend>{t('roaming.zonesLabel')}</legend>
          {ROAMING_ZONES.map((zone) => (
            <div key={zone} className="roaming-fields__zone">
              <Checkbox
                inputId={`${id}-${zone}`}
                checked={value.zones.includes(zone)}
                onChange={(event) => toggle(zone, event.checked === true)}
                disabled={disabled}
                data-testid={`roaming-zone-${zone}`}
              />
              <label htmlFor={`${id}-${zone}`}>{t(`roaming.zone.${zone}`)}</label>
            </div>
          ))}
          {value.zones.length === 0 && (
            <small className="p-error" role="alert">
              {t('roaming.zonesRequired')}
            </small>
          )}
        </fieldset>
      )}
    </div>
  );
}
