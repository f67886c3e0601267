import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import type { SimDetail } from '@cab/contract/sims';
import { formatMoney } from '@/lib/format-money';
import { formatUnixDate } from '@/lib/format-date';
import { BlockTypeTag } from './block-type-tag';

const dash = '—';
const money = (value: number | null, lang: string) => (value === null ? dash : formatMoney(value, lang));

/** Every SIM field of spec §3 (and what ARCHITECTURE §7 adds: block reason, month spend). */
export function SimDetails({ sim }: { sim: SimDetail }) {
  const { t, i18n } = useTranslation();
  const fields: [string, ReactNode][] = [
    ['iccid', <span className="mono">{sim.iccid}</span>],
    ['msisdn', <span className="mono">{sim.msisdn}</span>],
    ['imsi', sim.imsi ? <span className="mono">{sim.imsi}</span> : dash],
    ['name', sim.name ?? <span className="muted">{t('sim.noName')}</span>],
    ['profile', <span className="profile-badge">{sim.profile}</span>],
    ['block_type', <BlockTypeTag type={sim.block_type} />],
    ['block_reason', sim.block_reason ?? dash],
    ['msu', money(sim.msu, i18n.language)],
    ['month_spend', formatMoney(sim.month_spend, i18n.language)],
    ['groups', <SimGroups groups={sim.groups} />],
    ['package', sim.package ?? dash],
    ['limit_mb', sim.limit_mb ?? dash],
    ['balance', money(sim.balance, i18n.language)],
    ['external_id', sim.external_id ?? dash],
    ['m25_id', sim.m25_id ?? dash],
    ['company', sim.company_name],
    ['added', formatUnixDate(sim.added, i18n.language)],
  ];
  return (
    <dl className="sim-fields">
      {fields.map(([name, value]) => (
        <div key={name} data-testid={`sim-field-${name}`}>
          <dt>{name === 'imsi' ? t('simStock.imsi') : t(`sim.field.${name}`)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SimGroups({ groups }: { groups: SimDetail['groups'] }) {
  const { t } = useTranslation();
  if (groups.length === 0) return <span className="muted">{t('sim.noGroups')}</span>;
  return (
    <span className="sim-groups">
      {groups.map((group) => (
        <Link key={group.id} to={`/list?group=${group.id}`}>
          <Tag value={group.name} severity="info" rounded />
        </Link>
      ))}
    </span>
  );
}
