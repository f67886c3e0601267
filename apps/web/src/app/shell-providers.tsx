import type { ReactNode } from 'react';
import { PrimeReactProvider } from 'primereact/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';

/** z-indexes of spec §9: PrimeReact's modal/overlay defaults and toasts above everything. */
const primeConfig = {
  ripple: true,
  zIndex: { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100, toast: 99999999 },
};

/**
 * Providers of the logged-in parts (the shell and the global widgets; both wrap the same client).
 * The login route needs neither server state nor PrimeReact's JS, which keeps it inside its budget
 * (ARCHITECTURE §9): it uses the theme's CSS classes only.
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider value={primeConfig}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </PrimeReactProvider>
  );
}
