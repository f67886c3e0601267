import { describe, expect, it, vi } from 'vitest';
import { TOAST_LIFE_MS } from '@cab/contract/constants';
import { ApiError } from './api-error';
import { attachToastHost, errorToast, showToast, toastError, type ToastMessage } from './toast-bus';

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

describe('the error toast', () => {
  it('says an API error in the server’s own words, top right, titled Error', () => {
    expect(errorToast(new ApiError(409, 'Имя уже занято', 'group_name_taken', null))).toEqual({
      severity: 'error',
      summary: { key: 'common.error' },
      detail: 'Имя уже занято',
      life: TOAST_LIFE_MS,
      group: 'tr',
    });
  });

  it('falls back to the generic text when the API error carries no message (a proxy’s 502)', () => {
    expect(errorToast(new ApiError(502, '', null, null)).detail).toEqual({ key: 'common.unexpectedError' });
  });

  it('shows a failure that is not an API error with the text given, for as long as asked', () => {
    const host = vi.fn<(message: ToastMessage) => void>();
    const detach = attachToastHost(host);
    toastError({ key: 'docs.pdfFailed' }, 6000);
    expect(host).toHaveBeenCalledWith({ severity: 'error', summary: { key: 'common.error' }, detail: { key: 'docs.pdfFailed' }, life: 6000, group: 'tr' });
    detach();
  });
});
