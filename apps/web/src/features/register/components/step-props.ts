import type { RegisterStatus } from '@cab/contract/registration';

/** What every step after Welcome gets: the saved status and the way on (after saving) or back. */
export interface StepProps {
  status: RegisterStatus;
  onNext: () => void;
  onBack: () => void;
}
