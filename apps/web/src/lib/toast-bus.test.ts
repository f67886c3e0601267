import { describe, expect, it, vi } from 'vitest';
import { attachToastHost, showToast, type ToastMessage } from './toast-bus';

const error = (detail: string): ToastMessage => ({ severity: 'error', summary: 'Ошибка', detail, life: 3000, group: 'tr' });

describe('toast bus', () => {
  it('shows an error once while the same one is still on screen, and again after it is gone', () => {
    const host = vi.fn<(message: ToastMessage) => void>();
    const detach = attachToastHost(host);
    showToast(error('Непредвиденная ошибка'), 1_000);
    showToast(error('Непредвиденная ошибка'), 1_500);
    showToast(error('Другая'), 1_600);
    showToast(error('Непредвиденная ошибка'), 4_100);
    expect(host.mock.calls.map(([message]) => message.detail)).toEqual([
      'Непредвиденная ошибка',
      'Другая',
      'Непредвиденная ошибка',
    ]);
    detach();
  });
});
