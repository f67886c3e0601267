import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import type { Order } from '@cab/contract/orders';
import { showSuccessToast } from '@/lib/api';
import { useCommentOrder } from '../api/orders-api';

/** Root's supplier comment on an order (delivery details, tracking numbers). */
export function CommentDialog({ order, onHide }: { order: Order; onHide: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(order.supplier_comment ?? '');
  const save = useCommentOrder();
  const submit = () =>
    save.mutate(
      { id: order.id, supplier_comment: text },
      {
        onSuccess: () => {
          showSuccessToast({ key: 'orders.commentSaved' });
          onHide();
        },
      },
    );
  return (
    <Dialog visible onHide={onHide} header={t('orders.commentTitle', { number: order.number })} style={{ width: '30rem' }} breakpoints={{ '640px': '95vw' }} draggable={false} modal>
      <div className="order-form">
        <label htmlFor="order-comment-text">{t('orders.supplierComment')}</label>
        <InputTextarea id="order-comment-text" rows={4} maxLength={1000} value={text} onChange={(event) => setText(event.target.value)} data-testid="order-comment-text" />
        <div className="order-form__actions">
          <Button type="button" label={t('orders.cancelForm')} text onClick={onHide} />
          <Button type="button" label={t('orders.save')} icon="pi pi-check" loading={save.isPending} onClick={submit} data-testid="order-comment-save" />
        </div>
      </div>
    </Dialog>
  );
}
