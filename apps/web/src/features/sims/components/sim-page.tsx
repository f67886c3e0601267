import { Link, useParams } from 'react-router';
import { useCan } from '@/lib/use-can';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';

import type { SimDetail } from '@cab/contract/sims';
import { PageTitle } from '@/components/page-title';
import { OperationsMenu } from '@/components/sim-operations/operations-menu';
import { isNotFound, useSim } from '../api/get-sim';
import { useCountryWarnings } from '../api/roaming';
import { CountryWarningMessage } from './country-warning';
import { SimRoamingCard } from './sim-roaming-card';
import { BlockTypeTag } from './block-type-tag';
import { SimDetails } from './sim-details';
import { SimEditForm } from './sim-edit-form';
import { SimNetworkCard } from './sim-network';
import { SimOperationsHistory } from './sim-operations-history';
import { SimDiagnostics } from './sim-diagnostics';
import { SimLabelsCard } from './sim-labels';
import { SimEvents } from './sim-events';
import { SimMessages } from './sim-messages';
import { SimUsageTabs } from './sim-usage-tabs';
import { SimUsageOverview } from './sim-usage-overview';
import { listReturnPath } from '../model/list-return';
import '../sims.css';

function parseId(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/** Route module /sim/:id: fields, network state, editing, operations and latest usage (live by sim_update). */
export function Component() {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const sim = useSim(id);

  if (id === null || isNotFound(sim.error)) return <SimNotFound />;
  if (sim.isPending) return <SimSkeleton />;
  if (!sim.data) {
    return (
      <div className="state-view card" role="alert" data-testid="sim-page">
        <p>{t('sim.loadError')}</p>
        <Button label={t('common.retry')} icon="pi pi-refresh" onClick={() => void sim.refetch()} />
      </div>
    );
  }
  return <SimView sim={sim.data} />;
}

function SimView({ sim }: { sim: SimDetail }) {
  const { t } = useTranslation();
  const canEdit = useCan('sims.operate', { writes: true });
  const warning = useCountryWarnings(sim.profile === 'TC' ? [sim.id] : []).data?.[0];
  return (
    <div className="sim-page" data-testid="sim-page" data-sim-id={sim.id}>
      <Link to={listReturnPath()} className="back-link" data-testid="sim-back">
        <i className="pi pi-arrow-left" aria-hidden="true" /> {t('sim.back')}
      </Link>
      <div className="sim-page__head">
        <div className="sim-page__title">
          <PageTitle>
            {t('pages.sim')} <span className="mono">{sim.iccid}</span>
          </PageTitle>
          <BlockTypeTag type={sim.block_type} testId="sim-block-type" />
        </div>
        <OperationsMenu
          selection={{ ids: [sim.id] }}
          target={{ kind: 'ids', profiles: [sim.profile], blocked: [sim.block_type !== 'none'] }}
          targetLabel={t('ops.targetSim', { iccid: sim.iccid })}
          buttonTestId="sims-actions"
        />
      </div>
      {warning && <CountryWarningMessage warning={warning} />}
      <div className="sim-page__grid">
        <section className="card" aria-labelledby="sim-details-title">
          <div className="sim-section__head">
            <h2 id="sim-details-title">{t('sim.details')}</h2>
          </div>
          <SimDetails sim={sim} />
        </section>
        <SimNetworkCard network={sim.network} imeiLock={sim.imei_lock} />
      </div>
      <SimDiagnostics simId={sim.id} />
      {canEdit && (
        <section className="card sim-page__section" aria-labelledby="sim-edit-title">
          <div className="sim-section__head">
            <h2 id="sim-edit-title">{t('sim.editTitle')}</h2>
          </div>
          <SimEditForm sim={sim} />
        </section>
      )}
      <SimLabelsCard sim={sim} canEdit={canEdit} />
      <SimRoamingCard simId={sim.id} canEdit={canEdit} />
      <SimUsageOverview simId={sim.id} />
      <SimUsageTabs simId={sim.id} />
      <SimEvents simId={sim.id} iccid={sim.iccid} />
      <SimMessages simId={sim.id} iccid={sim.iccid} />
      <SimOperationsHistory simId={sim.id} />
    </div>
  );
}

function SimSkeleton() {
  return (
    <div className="sim-page" aria-busy="true" data-testid="sim-loading">
      <Skeleton width="20rem" height="2rem" className="mb-2" />
      <div className="sim-page__grid">
        <div className="card">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height="2.5rem" className="mb-2" />
          ))}
        </div>
        <div className="card">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height="2.5rem" className="mb-2" />
          ))}
        </div>
      </div>
    </div>
  );
}

function SimNotFound() {
  const { t } = useTranslation();
  return (
    <div className="state-view card" data-testid="sim-not-found">
      <i className="pi pi-search state-view__icon" aria-hidden="true" />
      <h2 className="state-view__title">{t('sim.notFound')}</h2>
      <p>{t('sim.notFoundText')}</p>
      <Link to={listReturnPath()}>{t('sim.back')}</Link>
    </div>
  );
}
