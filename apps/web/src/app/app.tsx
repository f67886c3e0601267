import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { loadAllTexts } from '@/lib/i18n';
import { toastWaiting, watchToastWaiting } from '@/lib/toast-bus';
import { useIsLoggedIn } from '@/lib/use-session';
import { router } from './router';

// Their toasts and popups may say anything: every text of the language comes with them.
const GlobalWidgets = lazy(() => Promise.all([import('./widgets/global-widgets'), loadAllTexts()]).then(([m]) => ({ default: m.GlobalWidgets })));

/**
 * Toasts, popups and the socket load once signed in, or when a guest page raises a toast: the
 * login route does without their JS (PrimeReact, TanStack Query), which keeps it inside its budget.
 * Once loaded they stay (a sign-out's toast needs them).
 */
function useGlobalWidgetsWanted(): boolean {
  const loggedIn = useIsLoggedIn();
  const waiting = useSyncExternalStore(watchToastWaiting, toastWaiting);
  const [loaded, setLoaded] = useState(false);
  if ((loggedIn || waiting) && !loaded) setLoaded(true);
  return loaded || loggedIn || waiting;
}

export function App() {
  const widgets = useGlobalWidgetsWanted();
  return (
    <>
      <RouterProvider router={router} />
      {widgets && (
        <Suspense fallback={null}>
          <GlobalWidgets />
        </Suspense>
      )}
    </>
  );
}
