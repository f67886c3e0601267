import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { LEDGER_KINDS, type LedgerKind } from '@cab/contract/deposit';
import { depositCompaniesQuery } from '../api/deposit-api';
import type { DepositState } from '../model/deposit-state';

/** Dropdowns cannot hold null: these stand for "my company" (root: every company) and "any type". */
const DEFAULT_COMPANY = 0;
const ANY_TYPE = 'any';

interface DepositFilterBarProps {
  state: DepositState;
  onChange: (patch: Partial<DepositState>) => void;
  /** Root sees every company by default and may pick any; others their own, or a child company. */
  root: boolean;
}

export function DepositFilterBar({ state, onChange, root }: DepositFilterBarProps) {
  const { t } = useTranslation();
  const companies = useQuery(depositCompaniesQuery);
  const others = (companies.data?.items ?? []).filter((c) => !c.own);
  const companyOptions = [
    { label: root ? t('deposit.filter.allCompanies') : t('deposit.filter.myCompany'), value: DEFAULT_COMPANY },
    ...(companies.data?.items ?? []).filter((c) => root || !c.own).map((c) => ({ label: c.name, value: c.id })),
  ];
  const typeOptions = [
    { label: t('deposit.filter.anyType'), value: ANY_TYPE },
    ...LEDGER_KINDS.map((kind) => ({ label: t(`deposit.kinds.${kind}`), value: kind })),
  ];
  return (
    <section className="deposit-filter card" aria-label={t('deposit.filter.title')}>
      {(others.length > 0 || root) && (
        <div className="deposit-filter__field">
          <label htmlFor="deposit-company">{t('deposit.filter.company')}</label>
          <Dropdown
            inputId="deposit-company"
            value={state.company ?? DEFAULT_COMPANY}
            options={companyOptions}
            filter={companyOptions.length > 8}
            loading={companies.isLoading}
            emptyFilterMessage={t('deposit.filter.noCompany')}
            onChange={(event) => {
              const picked = event.value as number;
              onChange({ company: picked === DEFAULT_COMPANY ? null : picked });
            }}
            data-testid="deposit-filter-company"
          />
        </div>
      )}
      <div className="deposit-filter__field">
        <label htmlFor="deposit-type">{t('deposit.filter.type')}</label>
        <Dropdown
          inputId="deposit-type"
          value={state.type ?? ANY_TYPE}
          options={typeOptions}
          onChange={(event) => {
            const picked = event.value as LedgerKind | typeof ANY_TYPE;
            onChange({ type: picked === ANY_TYPE ? null : picked });
          }}
          data-testid="deposit-filter-type"
        />
      </div>
    </section>
  );
}
