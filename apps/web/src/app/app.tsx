import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { router } from './router';
import { ToastHost } from './widgets/toast-host';
import { Popups } from './widgets/popups/popups';
import { RealtimeBridge } from './realtime/realtime-bridge';

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
      <ToastHost />
      <Popups />
      <RealtimeBridge />
    </AppProviders>
  );
}
