import { ShellProviders } from '../shell-providers';
import { RealtimeBridge } from '../realtime/realtime-bridge';
import { Popups } from './popups/popups';
import { ToastHost } from './toast-host';

/** Toasts, popups and the websocket: loaded right after the first route (messages wait in the bus). */
export function GlobalWidgets() {
  return (
    <ShellProviders>
      <ToastHost />
      <Popups />
      <RealtimeBridge />
    </ShellProviders>
  );
}
