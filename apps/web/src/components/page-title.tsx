import type { ReactNode } from 'react';

/** The heading of every page; e2e tests find pages by it. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <h1 className="page-title" data-testid="page-title">
      {children}
    </h1>
  );
}
