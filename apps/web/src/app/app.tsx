import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { router } from './router';

const GlobalWidgets = lazy(() => import('./widgets/global-widgets').then((m) => ({ default: m.GlobalWidgets })));

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <GlobalWidgets />
      </Suspense>
    </>
  );
}
