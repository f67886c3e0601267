import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { RegisterWizard } from './register-wizard';
import '../register.css';

/**
 * Route module /register (react-router lazy: the `Component` export). Guest screens have no query
 * provider of their own (the login route stays small), so the wizard brings the shared client.
 */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <RegisterWizard />
    </QueryClientProvider>
  );
}
