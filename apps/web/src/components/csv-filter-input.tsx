import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { checkCsvFile, contentHash } from '@/lib/csv-file';

export interface CsvFilterFile {
  name: string;
  text: string;
  /** The text's fingerprint (lib/csv-file contentHash): what query keys name the file by. */
  hash: string;
}

interface CsvFilterInputProps {
  file: CsvFilterFile | null;
  onChange: (file: CsvFilterFile | null) => void;
}

/** Spec §5 CSV filter: a .csv (or text/csv) file read as text; its name shows with a clear button. */
export function CsvFilterInput({ file, onChange }: CsvFilterInputProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(chosen: File | undefined): Promise<void> {
    if (input.current) input.current.value = ''; // The same file may be chosen again later.
    if (!chosen) return;
    const check = checkCsvFile(chosen);
    if (check) {
      setProblem(check === 'notCsv' ? 'csvNotCsv' : 'csvTooLarge');
      return;
    }
    try {
      const text = await chosen.text();
      onChange({ name: chosen.name, text, hash: contentHash(text) });
      setProblem(null);
    } catch {
      setProblem('csvReadError');
    }
  }

  return (
    <div className="csv-filter">
      <input
        ref={input}
        id="sims-csv-file"
        type="file"
        accept=".csv,text/csv"
        className="visually-hidden"
        // Opened by the visible button; named for screen readers, out of the tab order.
        aria-label={t('sims.filter.csvChoose')}
        tabIndex={-1}
        onChange={(event) => void choose(event.target.files?.[0])}
        data-testid="sims-filter-csv"
      />
      {file ? (
        <span className="csv-filter__file" data-testid="sims-csv-name">
          <i className="pi pi-file" aria-hidden="true" />
          <span className="csv-filter__name" title={file.name}>
            {file.name}
          </span>
          <Button
            type="button"
            icon="pi pi-times"
            rounded
            text
            severity="secondary"
            aria-label={t('sims.filter.csvClear')}
            onClick={() => onChange(null)}
            data-testid="sims-csv-clear"
          />
        </span>
      ) : (
        <Button
          type="button"
          icon="pi pi-upload"
          label={t('sims.filter.csvChoose')}
          outlined
          onClick={() => input.current?.click()}
        />
      )}
      {problem && (
        <small className="p-error" role="alert" data-testid="sims-csv-error">
          {t(`sims.filter.${problem}`)}
        </small>
      )}
    </div>
  );
}
