import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { CompanyDetails } from '@cab/contract/company';
import { formatMoney } from '@/lib/format-money';
import { CompanyEditDialog } from './company-edit-dialog';

function Field({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <div className="company-field" data-testid={`company-field-${name}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Spec §3 company fields, its parent and child companies, and the edit dialog for what the caller may change. */
export function CompanyDetailsPanel({ company }: { company: CompanyDetails }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const empty = <span className="company-field__empty">{t('company.notSet')}</span>;
  const billing =
    company.billing_type === 1 || company.billing_type === 2
      ? t(`company.billingTypes.${company.billing_type}`)
      : empty;

  return (
    <div className="company-details">
      <div className="company-details__head">
        {company.blocked && <Tag severity="danger" value={t('company.blocked')} data-testid="company-blocked" />}
        <span className="company-details__spacer" />
        {company.editable.length > 0 && (
          <Button
            type="button"
            icon="pi pi-pencil"
            label={t('company.edit')}
            onClick={() => setEditing(true)}
            data-testid="company-edit"
          />
        )}
      </div>
      <dl className="company-fields">
        <Field name="name" label={t('company.fields.name')}>
          {company.name}
        </Field>
        <Field name="tax_number" label={t('company.fields.taxNumber')}>
          {company.tax_number ?? empty}
        </Field>
        <Field name="contract" label={t('company.fields.contract')}>
          {company.contract ?? empty}
        </Field>
        <Field name="billing_type" label={t('company.fields.billingType')}>
          {billing}
        </Field>
        <Field name="balance" label={t('company.fields.balance')}>
          {formatMoney(company.balance, i18n.language)}
        </Field>
        <Field name="overdraft" label={t('company.fields.overdraft')}>
          {formatMoney(company.overdraft, i18n.language)}
        </Field>
        <Field name="country" label={t('company.fields.country')}>
          {company.country ?? empty}
        </Field>
        <Field name="responsible" label={t('company.fields.responsible')}>
          {company.responsible ?? empty}
        </Field>
        <Field name="whatsapp" label={t('company.fields.whatsapp')}>
          {company.whatsapp ?? empty}
        </Field>
        {company.parent && (
          <Field name="parent" label={t('company.fields.parent')}>
            <Link to={`/company/${company.parent.id}`}>{company.parent.name}</Link>
          </Field>
        )}
      </dl>
      <section className="company-children" aria-labelledby="company-children-title">
        <h2 id="company-children-title">{t('company.children')}</h2>
        {company.children.length === 0 ? (
          <p className="company-field__empty" data-testid="company-children-empty">
            {t('company.noChildren')}
          </p>
        ) : (
          <ul data-testid="company-children">
            {company.children.map((child) => (
              <li key={child.id}>
                <Link to={`/company/${child.id}`}>{child.name}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {editing && <CompanyEditDialog company={company} onHide={() => setEditing(false)} />}
    </div>
  );
}
