import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import type { SimRow } from '@cab/contract/sims';
import type { CardPlace } from '@/components/card-table';
import { formatMoney } from '@/lib/format-money';
import { formatUnixDate } from '@/lib/format-date';
import { visibleColumns, type ColumnSettings, type SimColumn } from '../model/column-settings';
import { BlockTypeTag } from './block-type-tag';
import { LabelChips } from './label-chips';

/** Each column's place on a SIM's card on a phone: what a user looks for first is on top (card-table.ts). */
export const CARD_PLACE: Record<SimColumn, CardPlace> = {
  iccid: 'title',
  block_type: 'status',
  msisdn: 'field',
  name: 'field',
  profile: 'field',
  company: 'field',
  msu: 'minor',
  package: 'minor',
  limit_mb: 'minor',
  balance: 'minor',
  external_id: 'minor',
  added: 'minor',
};

const dash = <span className="muted">—</span>;
const money = (value: number | null, lang: string) => (value === null ? dash : formatMoney(value, lang));
const text = (value: string | number | null) => (value === null || value === '' ? dash : value);

/** Each column's cell; money and dates are written in the reader's language. */
export const CELL: Record<SimColumn, (row: SimRow, lang: string) => ReactNode> = {
  iccid: (row) => (
    <Link to={`/sim/${row.id}`} className="mono" data-testid="sims-row-link">
      {row.iccid}
    </Link>
  ),
  msisdn: (row) => <span className="mono">{row.msisdn}</span>,
  // The labels ride under the name (issue 25.6): no column of their own to widen the table.
  name: (row) => (
    <>
      {row.name ? (
        <span className="truncate sims-table__name" title={row.name}>
          {row.name}
        </span>
      ) : (
        dash
      )}
      {row.labels.length > 0 && <LabelChips labels={row.labels} />}
    </>
  ),
  profile: (row) => <span className="profile-badge">{row.profile}</span>,
  block_type: (row) => <BlockTypeTag type={row.block_type} />,
  company: (row) => (
    <span className="truncate sims-table__company" title={row.company_name}>
      {row.company_name}
    </span>
  ),
  msu: (row, lang) => money(row.msu, lang),
  package: (row) => text(row.package),
  limit_mb: (row) => text(row.limit_mb),
  balance: (row, lang) => money(row.balance, lang),
  external_id: (row) =>
    row.external_id ? (
      <span className="truncate sims-table__external-id" title={row.external_id}>
        {row.external_id}
      </span>
    ) : (
      dash
    ),
  added: (row, lang) => formatUnixDate(row.added, lang),
};

/** The package's limit and balance, when they ride in its cell. */
export interface PackageDetails {
  limit: boolean;
  balance: boolean;
}

/**
 * The columns the table draws. A package's limit and balance belong to it: while the package is
 * shown they are two short lines of its cell instead of columns of their own, so every column fits
 * 1440 px with the menu open. Each is still switched on and off in the column picker.
 */
export function tableColumns(settings: ColumnSettings): { columns: SimColumn[]; details: PackageDetails | null } {
  const visible = visibleColumns(settings);
  if (!settings.package || (!settings.limit_mb && !settings.balance)) return { columns: visible, details: null };
  return {
    columns: visible.filter((column) => column !== 'limit_mb' && column !== 'balance'),
    details: { limit: settings.limit_mb, balance: settings.balance },
  };
}

/** The package's header with what its cell also carries: "Package" over "limit, MB · balance, EUR". */
export function packageHeader(t: TFunction, details: PackageDetails): ReactNode {
  const more = [details.limit && t('simsCompact.limit'), details.balance && t('simsCompact.balance')].filter(Boolean).join(' · ');
  return (
    <span className="sims-table__package-head">
      {t('sims.col.package')}
      <small>{more}</small>
    </span>
  );
}

/** The package, then its limit and balance on a smaller line. */
export function packageCell(row: SimRow, lang: string, t: TFunction, details: PackageDetails): ReactNode {
  const extra = [
    details.limit && row.limit_mb !== null && <span key="limit">{t('simsCompact.limitValue', { value: row.limit_mb })}</span>,
    details.balance && row.balance !== null && <span key="balance">{formatMoney(row.balance, lang)}</span>,
  ].filter(Boolean);
  return (
    <span className="sims-table__package">
      <span>{text(row.package)}</span>
      {extra.length > 0 && <small data-testid="sims-row-package-details">{extra.flatMap((part, index) => (index ? [' · ', part] : [part]))}</small>}
    </span>
  );
}
