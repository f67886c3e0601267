import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Steps } from 'primereact/steps';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { REGISTER_STEPS } from '@cab/contract/registration';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { useIsLoggedIn } from '@/lib/use-session';
import { statusQueryOptions } from '../api/register-api';
import { StepContent } from './step-content';
import { LAST_STEP, allowedStep, requestedStep } from './wizard-steps';

export function RegisterWizard() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [params, setParams] = useSearchParams();
  const requested = requestedStep(params.get('step'));
  const status = useQuery({ ...statusQueryOptions, enabled: loggedIn });
  const goTo = (step: number) => setParams({ step: String(step) });

  if (loggedIn && status.isPending) return <FullPageSpinner />;
  if (loggedIn && status.isError) {
    return (
      <section className="card register-card state-view" role="alert">
        <p>{t('common.cantLoad')}</p>
        <Button label={t('common.retry')} icon="pi pi-refresh" onClick={() => void status.refetch()} />
      </section>
    );
  }
  const data = loggedIn ? status.data : undefined;
  // A registered company has nothing to do here, except read the Finish notice it just reached.
  if (data?.registration_complete && requested !== LAST_STEP) return <Navigate to="/home" replace />;
  const step = allowedStep(requested, data);
  if (step !== requested) return <Navigate to={`/register?step=${step}`} replace />;

  const model = REGISTER_STEPS.map((name) => ({ label: t(`register.steps.${name}`) }));
  return (
    <section className="register-card" aria-labelledby="register-title">
      <h1 id="register-title" className="register-card__title" data-testid="page-title">
        {t('pages.register')}
      </h1>
      <Steps model={model} activeIndex={step - 1} readOnly className="register-steps" aria-label={t('register.title')} />
      <div className="register-card__body" data-testid={`register-step-${REGISTER_STEPS[step - 1] ?? 'welcome'}`}>
        <StepContent step={step} status={data} goTo={goTo} />
      </div>
    </section>
  );
}
