import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { openBillPdf } from '@/lib/open-bill-pdf';
import { toastError } from '@/lib/toast-bus';
import './bill-pdf-link.css';

/**
 * A bill's number that opens the bill's PDF in a new tab — a confirmation names the bill it acts on,
 * and the reader can look at it first. A button drawn as a link: the file needs the bearer token, so
 * no plain href could open it (lib/open-bill-pdf).
 */
export function BillPdfLink({ id, number, children }: { id: number; number: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="bill-pdf-link"
      aria-label={t('docs.openPdf', { number })}
      onClick={() =>
        void openBillPdf(id).then((ok) => {
          if (!ok) toastError({ key: 'docs.pdfFailed' });
        })
      }
      data-testid="bill-pdf-link"
    >
      {children ?? number}
    </button>
  );
}
