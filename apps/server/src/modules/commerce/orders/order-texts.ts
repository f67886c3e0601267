import type { OrderStatus } from '@cab/contract/orders';
import type { Texts } from './company-notices.js';

const STATUS_NAMES: Record<OrderStatus, Texts> = {
  0: { ru: 'Новый', en: 'New' },
  1: { ru: 'Ожидает оплаты', en: 'Pay waiting' },
  2: { ru: 'В работе', en: 'In work' },
  3: { ru: 'Выполнен', en: 'Completed' },
  4: { ru: 'Отменён', en: 'Cancelled' },
  5: { ru: 'Доставка', en: 'Delivery' },
};

export function orderStatusText(number: string, status: OrderStatus): Texts {
  return {
    ru: `Заказ ${number}: статус «${STATUS_NAMES[status].ru}»`,
    en: `Order ${number}: status "${STATUS_NAMES[status].en}"`,
  };
}
