import type { ReactNode } from 'react';
import { PrimeReactProvider } from 'primereact/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';

/** z-indexes of spec §9: PrimeReact's modal/overlay defaults and a toast above everything. */
const primeConfig = {
  ripple: true,
  zIndex: { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100, toast: 99999999 },
};

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider value={primeConfig}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </PrimeReactProvider>
  );
}
