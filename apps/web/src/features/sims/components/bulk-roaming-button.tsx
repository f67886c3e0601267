import { useState } from 'react';
import { useCan } from '@/lib/use-can';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { SimSelection } from '@cab/contract/queue';

import { HintedButton } from '@/components/hinted-button';
import { showSuccessToast } from '@/lib/api';
import { formatUnixDate } from '@/lib/format-date';
import { useMe } from '@/lib/me-query';
import { useBulkRoaming } from '../api/roaming';
import { roamingFormValid, roamingRequestOf, type RoamingFormValue } from '../model/roaming-form';
import { RoamingFields } from './roaming-fields';

interface BulkRoamingButtonProps {
  selection: SimSelection | null;
  targetLabel: string;
  onDone?: () => void;
}

/** Roaming for the selected SIMs (or everything matching the filter): one pending request to the network. */
export function BulkRoamingButton({ selection, targetLabel, onDone }: BulkRoamingButtonProps) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<RoamingFormValue>({ mode: 'worldwide', zones: [] });
  const change = useBulkRoaming();
  const allowed = useCan('sims.operate', { writes: true });
  // Until the user data arrives the button holds its place (disabled): appearing later would widen
  // the toolbar, wrap it and push the table down.
  if (!allowed && !me.isPending) return null;
  function submit(): void {
    if (!selection) return;
    change.mutate(
      { selection, ...roamingRequestOf(value) },
      {
        onSuccess: (result) => {
          showSuccessToast({ key: 'roaming.bulkRequested', values: { count: result.count, deadline: formatUnixDate(result.deadline, i18n.language) } });
          setOpen(false);
          onDone?.();
        },
      },
    );
  }
  return (
    <>
      <HintedButton
        type="button"
        label={t('roaming.bulkButton')}
        icon="pi pi-globe"
        outlined
        disabled={selection === null || !allowed}
        hint={selection === null ? t('ops.selectFirst') : undefined}
        onClick={() => setOpen(true)}
        data-testid="sims-roaming"
      />
      <Dialog
        header={t('roaming.bulkTitle')}
        visible={open}
        onHide={() => setOpen(false)}
        className="roaming-dialog"
        breakpoints={{ '640px': '95vw' }}
        style={{ width: '32rem' }}
        data-testid="roaming-dialog"
        footer={
          <div className="dialog-actions">
            <Button type="button" label={t('roaming.cancel')} text onClick={() => setOpen(false)} />
            <Button
              type="button"
              label={t('roaming.save')}
              icon="pi pi-send"
              loading={change.isPending}
              disabled={!roamingFormValid(value)}
              onClick={submit}
              data-testid="roaming-bulk-confirm"
            />
          </div>
        }
      >
        <p>{t('roaming.bulkTarget', { target: targetLabel })}</p>
        <RoamingFields value={value} onChange={setValue} disabled={change.isPending} />
        <p className="muted">{t('roaming.upTo3Days')}</p>
      </Dialog>
    </>
  );
}
