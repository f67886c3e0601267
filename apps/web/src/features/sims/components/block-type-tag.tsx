import { useTranslation } from 'react-i18next';
import type { BlockType } from '@cab/contract/constants';

const SEVERITY: Record<BlockType, 'success' | 'info' | 'warning' | 'danger' | 'secondary'> = {
  none: 'success',
  voluntary: 'info',
  financial: 'danger',
  violation: 'danger',
  msu: 'warning',
  package_expiry: 'secondary',
};

/**
 * The theme's tag markup, written directly: PrimeReact's Tag resolves its pass-through options and
 * styles for every instance, and the SIM list draws one per row (sims.css and sims-table.css have its layout rules).
 */
export function BlockTypeTag({ type, testId }: { type: BlockType; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`p-tag p-component p-tag-${SEVERITY[type]} block-tag`} data-testid={testId} data-block-type={type}>
      <span className="p-tag-value">{t(`sims.blockTypes.${type}`)}</span>
    </span>
  );
}
