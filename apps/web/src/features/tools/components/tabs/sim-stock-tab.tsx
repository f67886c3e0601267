import { useId, useRef, useState, type DragEvent } from 'react';
import '../../sim-rules-tools.css';
import '../../sim-stock.css';
import '@/components/file-drop.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { STOCK_FILE_MAX_CHARS, type StockImportResult } from '@cab/contract/sim-stock';
import { showSuccessToast } from '@/lib/api';
import { formatBytes } from '@/lib/format-bytes';
import { formatCount } from '@/lib/format-count';
import { formatUnixDate } from '@/lib/format-date';
import { QueryStates } from '@/components/query-states';
import { stockLevelsQuery, useStockImport } from '../../api/sim-stock-api';
import { StockReport } from './sim-stock-report';

/** Root's SIM stock: how many cards are free, and the import of a SIM vendor's file (check, then import the valid rows). */
export function SimStockTab() {
  return (
    <div className="tools-stack">
      <StockLevelsCard />
      <StockImportCard />
    </div>
  );
}

function StockLevelsCard() {
  const { t, i18n } = useTranslation();
  const levels = useQuery(stockLevelsQuery);
  const count = (value: number) => formatCount(value, i18n.language);
  return (
    <section className="card tools-card" aria-labelledby="stock-levels-title" data-testid="stock-levels">
      <h2 id="stock-levels-title">{t('simStock.levels.title')}</h2>
      <p className="tools-card__text">{t('simStock.levels.text')}</p>
      <QueryStates query={levels} pending={<Skeleton height="5rem" />}>
        {(data) => (
          <>
            <dl className="stock-levels">
              <div>
                <dt>{t('simStock.levels.free')}</dt>
                <dd data-testid="stock-free" data-value={data.free}>{count(data.free)}</dd>
              </div>
              <div>
                <dt>{t('simStock.levels.allocated')}</dt>
                <dd data-testid="stock-allocated">{count(data.allocated)}</dd>
              </div>
              <div>
                <dt>{t('simStock.levels.total')}</dt>
                <dd>{count(data.total)}</dd>
              </div>
              {data.by_auth.map((level) => (
                <div key={level.auth}>
                  <dt>{t(`simStock.auth.${level.auth}`)}</dt>
                  <dd className="stock-levels__pair">{t('simStock.levels.freeOfAll', { free: level.free, all: level.free + level.allocated })}</dd>
                </div>
              ))}
            </dl>
            <p className="muted">
              {data.last_import ? t('simStock.levels.lastImport', { date: formatUnixDate(data.last_import, i18n.language) }) : t('simStock.levels.never')}
            </p>
          </>
        )}
      </QueryStates>
    </section>
  );
}

interface ChosenFile {
  name: string;
  size: number;
  text: string;
}

function StockImportCard() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [report, setReport] = useState<StockImportResult | null>(null);
  const [dragging, setDragging] = useState(false);
  const stockImport = useStockImport();

  function forgetFile(): void {
    setFile(null);
    setFileProblem(null);
    setReport(null);
    stockImport.reset();
  }

  function reset(): void {
    forgetFile();
    if (input.current) input.current.value = '';
  }

  async function choose(chosen: File | undefined): Promise<void> {
    forgetFile();
    if (!chosen) return;
    if (chosen.size > STOCK_FILE_MAX_CHARS) {
      setFileProblem(t('simStock.file.tooLarge', { size: formatBytes(STOCK_FILE_MAX_CHARS, i18n.language) }));
      return;
    }
    setFile({ name: chosen.name, size: chosen.size, text: await chosen.text() });
  }

  function drop(event: DragEvent<HTMLElement>): void {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  }

  function check(): void {
    if (!file) return;
    stockImport.mutate({ mode: 'check', file: file.text }, { onSuccess: setReport });
  }

  function importValid(): void {
    if (!file) return;
    stockImport.mutate(
      { mode: 'import_valid', file: file.text },
      {
        onSuccess: (result) => {
          showSuccessToast(
            result.already_imported > 0
              ? { key: 'simStock.importedWithRepeats', values: { count: result.imported, repeats: result.already_imported } }
              : { key: 'simStock.imported', values: { count: result.imported } },
          );
          reset();
        },
      },
    );
  }

  const checking = stockImport.isPending && stockImport.variables?.mode === 'check';
  const importing = stockImport.isPending && stockImport.variables?.mode === 'import_valid';
  return (
    <section className="card tools-card" aria-labelledby={`${id}-title`} data-testid="stock-import">
      <h2 id={`${id}-title`}>{t('simStock.file.title')}</h2>
      <p className="tools-card__text">{t('simStock.file.text')}</p>
      <label
        htmlFor={`${id}-file`}
        className={`file-drop${dragging ? ' file-drop--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <i className="pi pi-upload" aria-hidden="true" />
        <span>{file ? t('simStock.file.chosen', { name: file.name, size: formatBytes(file.size, i18n.language) }) : t('simStock.file.choose')}</span>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(event) => void choose(event.target.files?.[0])}
          data-testid="stock-file"
        />
      </label>
      <div className="tools-actions">
        <Button type="button" label={t('simStock.check')} icon="pi pi-search" disabled={!file || importing} loading={checking} onClick={check} data-testid="stock-check" />
      </div>
      {(fileProblem ?? stockImport.error) && (
        <div className="inline-message inline-message--warn" role="alert" data-testid="stock-error">
          <i className="pi pi-times-circle" aria-hidden="true" />
          <span>{fileProblem ?? stockImport.error?.message}</span>
        </div>
      )}
      {report && file && (
        <StockReport report={report} importing={importing} onImport={importValid} onCancel={reset} />
      )}
    </section>
  );
}
