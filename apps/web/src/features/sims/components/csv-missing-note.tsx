import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { CsvMissing, SimListFilter } from '@cab/contract/sims';
import { useDownloadCsvMissing } from '../api/csv-missing';
import { missingFileName } from '../model/csv-missing';
import './labels.css';
import { formatCount } from '@/lib/format-count';

interface CsvMissingNoteProps {
  missing: CsvMissing;
  /** The list's filter and childs, CSV included: the download asks for every line with them. */
  filter: SimListFilter;
  childs: boolean;
  fileName: string;
}

/**
 * "Not found: N" beside the CSV filter's count (issue 25.9): the lines open in a dialog (the first
 * ones the list answered), and the file of all of them downloads.
 */
export function CsvMissingNote({ missing, filter, childs, fileName }: CsvMissingNoteProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const download = useDownloadCsvMissing();
  if (missing.count === 0) return null;
  const count = formatCount(missing.count, i18n.language);
  const save = () => download.mutate({ filter, childs, fileName: missingFileName(fileName) });
  const downloadButton = (
    <Button type="button" outlined size="small" icon="pi pi-download" label={t('sims.csvMissing.download')} loading={download.isPending} onClick={save} data-testid="csv-missing-download" />
  );
  return (
    <div className="inline-message inline-message--warn csv-missing" role="status" data-testid="csv-missing" data-count={missing.count}>
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <strong>{t('sims.csvMissing.count', { count })}</strong>
      <Button type="button" link size="small" label={t('sims.csvMissing.show')} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="csv-missing-show" />
      {downloadButton}
      <Dialog
        header={t('sims.csvMissing.title', { count })}
        visible={open}
        onHide={() => setOpen(false)}
        style={{ width: 'min(40rem, 95vw)' }}
        footer={downloadButton}
        data-testid="csv-missing-dialog"
      >
        {missing.count > missing.lines.length && (
          <p className="muted">{t('sims.csvMissing.more', { shown: missing.lines.length, count })}</p>
        )}
        <ul className="csv-missing__lines">
          {missing.lines.map((line) => (
            <li key={line.line}>
              <span className="csv-missing__line-no">{t('sims.csvMissing.line', { line: line.line })}</span>
              <span>{line.text}</span>
            </li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
