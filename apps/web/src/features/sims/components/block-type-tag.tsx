import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import type { BlockType } from '@cab/contract/constants';

const SEVERITY: Record<BlockType, 'success' | 'info' | 'warning' | 'danger' | 'secondary'> = {
  none: 'success',
  voluntary: 'info',
  financial: 'danger',
  violation: 'danger',
  msu: 'warning',
  package_expiry: 'secondary',
};

export function BlockTypeTag({ type, testId }: { type: BlockType; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag
      value={t(`sims.blockTypes.${type}`)}
      severity={SEVERITY[type]}
      className="block-tag"
      data-testid={testId}
      data-block-type={type}
    />
  );
}
