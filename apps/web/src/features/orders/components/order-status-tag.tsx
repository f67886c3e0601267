import { useTranslation } from 'react-i18next';
import { Tag, type TagProps } from 'primereact/tag';
import type { OrderStatus } from '@cab/contract/orders';

const SEVERITY: Record<OrderStatus, TagProps['severity']> = {
  0: 'info',
  1: 'warning',
  2: null,
  3: 'success',
  4: 'danger',
  5: 'contrast',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Tag severity={SEVERITY[status]} value={t(`orders.status.${status}`)} data-testid="order-status" />;
}
