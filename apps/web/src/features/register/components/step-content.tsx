import type { RegisterStatus } from '@cab/contract/registration';
import { AdministratorStep } from './administrator-step';
import { CompanyStep } from './company-step';
import { CompanyTypeStep } from './company-type-step';
import { FinishStep } from './finish-step';
import { JurisdictionStep } from './jurisdiction-step';
import { PhoneStep } from './phone-step';
import type { StepProps } from './step-props';
import { WelcomeStep } from './welcome-step';


/** The form of one 1-based step; every step after Welcome needs the saved status. */
export function StepContent({ step, status, goTo }: { step: number; status: RegisterStatus | undefined; goTo: (step: number) => void }) {
  if (!status) return <WelcomeStep status={undefined} goTo={goTo} />;
  const props: StepProps = { status, onNext: () => goTo(step + 1), onBack: () => goTo(step - 1) };
  switch (step) {
    case 2:
      return <JurisdictionStep {...props} />;
    case 3:
      return <CompanyTypeStep {...props} />;
    case 4:
      return <CompanyStep {...props} />;
    case 5:
      return <AdministratorStep {...props} />;
    case 6:
      return <PhoneStep {...props} />;
    case 7:
      return <FinishStep {...props} />;
    default:
      return <WelcomeStep status={status} goTo={goTo} />;
  }
}
