import { useTranslation } from 'react-i18next';
import { Tag, type TagProps } from 'primereact/tag';
import type { BillStatus } from '@cab/contract/bills';

const SEVERITY: Record<BillStatus, TagProps['severity']> = { unpaid: 'warning', paid: 'success', cancelled: 'danger' };

export function BillStatusTag({ status }: { status: BillStatus }) {
  const { t } = useTranslation();
  return <Tag severity={SEVERITY[status]} value={t(`docs.status.${status}`)} data-testid="bill-status" />;
}
