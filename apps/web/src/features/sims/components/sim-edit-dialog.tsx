import { useId, useState } from 'react';
import '@/components/file-drop.css';
import './sim-edit.css';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Dialog } from 'primereact/dialog';
import { SIM_EDIT_MAX_CHARS, type SimEditCounts, type SimEditLine, type SimEditStartResult } from '@cab/contract/sim-edit';
import { cardColumn } from '@/components/card-table';
import { formatBytes } from '@/lib/format-bytes';
import { formatCount } from '@/lib/format-count';
import { useMe } from '@/lib/me-query';
import { useCan } from '@/lib/use-can';
import { downloadSimEditLines, useSimEditProblems, useStartSimEdit } from '../api/sim-edit';

interface ChosenFile {
  name: string;
  size: number;
  text: string;
}

/**
 * Names, external ids and labels of many SIM cards from a CSV file (issue 25.6): the file starts a
 * queue operation (its progress is the header's), and the dialog then says what became of the lines
 * that were left out, with the per-line results to download.
 */
export function SimEditButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const me = useMe();
  const allowed = useCan('sims.operate', { writes: true });
  // Until the user data arrives the button holds its place (disabled): appearing later would shift the toolbar.
  if (!allowed && !me.isPending) return null;
  return (
    <>
      <Button type="button" label={t('simEdit.button')} icon="pi pi-file-edit" outlined disabled={!allowed} onClick={() => setOpen(true)} data-testid="sims-edit-file" />
      {open && <SimEditDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function SimEditDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const start = useStartSimEdit();
  const started = start.data ?? null;

  async function choose(chosen: File | undefined): Promise<void> {
    start.reset();
    setFile(null);
    setFileProblem(null);
    if (!chosen) return;
    if (chosen.size > SIM_EDIT_MAX_CHARS) {
      setFileProblem(t('simEdit.tooLarge', { size: formatBytes(SIM_EDIT_MAX_CHARS, i18n.language) }));
      return;
    }
    setFile({ name: chosen.name, size: chosen.size, text: await chosen.text() });
  }

  const footer = (
    <div className="dialog-actions">
      <Button type="button" label={started ? t('simEdit.close') : t('simEdit.cancel')} text={!started} onClick={onClose} data-testid="sim-edit-close" />
      {!started && (
        <Button
          type="button"
          label={t('simEdit.start')}
          icon="pi pi-play"
          disabled={!file}
          loading={start.isPending}
          onClick={() => file && start.mutate({ file: file.text })}
          data-testid="sim-edit-start"
        />
      )}
    </div>
  );
  return (
    <Dialog header={t('simEdit.title')} visible onHide={onClose} breakpoints={{ '640px': '95vw' }} style={{ width: '40rem' }} footer={footer} data-testid="sim-edit-dialog">
      {started ? (
        <SimEditReport started={started} />
      ) : (
        <>
          <ul className="sim-edit__rules">
            <li>{t('simEdit.rules.header')}</li>
            <li>{t('simEdit.rules.empty')}</li>
            <li>{t('simEdit.rules.labels')}</li>
          </ul>
          <p className="sim-edit__caption">{t('simEdit.example')}</p>
          <pre className="sim-edit__example">{'ICCID;NAME;EXTERNAL_ID;LABELS\n8970199000000000013;Pump 7;-;north|gps'}</pre>
          <label htmlFor={`${id}-file`} className="file-drop">
            <i className="pi pi-upload" aria-hidden="true" />
            <span>{file ? t('simEdit.chosen', { name: file.name, size: formatBytes(file.size, i18n.language) }) : t('simEdit.choose')}</span>
            <input id={`${id}-file`} type="file" accept=".csv,text/csv,text/plain" onChange={(event) => void choose(event.target.files?.[0])} data-testid="sim-edit-input" />
          </label>
          {(fileProblem ?? start.error) && (
            <div className="inline-message inline-message--warn" role="alert" data-testid="sim-edit-error">
              <i className="pi pi-times-circle" aria-hidden="true" />
              <span>{fileProblem ?? start.error?.message}</span>
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}

const COUNTED: Array<keyof SimEditCounts> = ['unknown_iccid', 'other_company', 'invalid', 'duplicate'];

/** What the file started, the lines it left out (a page at a time) and the per-line results to download. */
function SimEditReport({ started }: { started: SimEditStartResult }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const problems = useSimEditProblems(started.qid, page);
  const n = (value: number) => formatCount(value, i18n.language);
  const counts = problems.data?.counts ?? started.counts;
  const left = COUNTED.filter((key) => counts[key] > 0);
  return (
    <div className="sim-edit__report" data-testid="sim-edit-report">
      <p role="status" data-testid="sim-edit-started">
        {t('simEdit.started', { count: started.count, lines: n(counts.lines) })}
      </p>
      {left.length > 0 && (
        <>
          <ul className="sim-edit__counts" data-testid="sim-edit-counts">
            {left.map((key) => (
              <li key={key} data-testid={`sim-edit-count-${key}`}>
                {t(`simEdit.status.${key}`)}: <strong>{n(counts[key])}</strong>
              </li>
            ))}
          </ul>
          <DataTable
            value={problems.data?.items ?? []}
            dataKey="line"
            lazy
            paginator={(problems.data?.total ?? 0) > 10}
            rows={10}
            first={page * 10}
            totalRecords={problems.data?.total ?? 0}
            onPage={(event) => setPage(event.page ?? 0)}
            loading={problems.isFetching}
            className="card-table"
            aria-label={t('simEdit.problems')}
            data-testid="sim-edit-problems"
          >
            <Column field="line" {...cardColumn('field', t('simEdit.col.line'))} />
            <Column field="iccid" {...cardColumn('field', 'ICCID', 'mono')} />
            <Column body={(line: SimEditLine) => lineResult(line, t)} {...cardColumn('field', t('simEdit.col.result'))} />
          </DataTable>
        </>
      )}
      <Button
        type="button"
        link
        icon="pi pi-download"
        label={t('simEdit.download')}
        onClick={() => void downloadSimEditLines(started.qid)}
        data-testid="sim-edit-download"
      />
    </div>
  );
}

function lineResult(line: SimEditLine, t: (key: string) => string): string {
  const status = t(`simEdit.status.${line.status}`);
  return line.reason ? `${status}: ${t(`simEdit.reason.${line.reason}`)}` : status;
}
