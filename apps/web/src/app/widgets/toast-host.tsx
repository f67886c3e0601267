import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { attachToastHost, type ToastGroup } from '@/lib/toast-bus';
import { ToastText } from './toast-text';
import { placeToastsBelowTitle } from '@/lib/toast-offset';

/** The three toast groups of spec §2: general top-right, top-center, news bottom-right. */
export function ToastHost() {
  const topRight = useRef<Toast>(null);
  const topCenter = useRef<Toast>(null);
  const bottomRight = useRef<Toast>(null);

  useEffect(() => {
    const refs: Record<ToastGroup, React.RefObject<Toast | null>> = {
      tr: topRight,
      tc: topCenter,
      br: bottomRight,
    };
    return attachToastHost(({ group = 'tr', summary, detail, ...message }) => {
      placeToastsBelowTitle();
      refs[group].current?.show({ ...message, summary: <ToastText text={summary} />, detail: detail === undefined ? undefined : <ToastText text={detail} /> });
    });
  }, []);

  return (
    <>
      <Toast ref={topRight} position="top-right" />
      <Toast ref={topCenter} position="top-center" />
      <Toast ref={bottomRight} position="bottom-right" />
    </>
  );
}
