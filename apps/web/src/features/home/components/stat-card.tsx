import type { ReactNode } from 'react';

export function StatCard({
  icon,
  label,
  testId,
  children,
}: {
  icon: string;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="stat-card" data-testid={testId}>
      <div className="stat-card__icon" aria-hidden="true">
        <i className={`pi ${icon}`} />
      </div>
      <div className="stat-card__content">
        <h2 className="stat-card__label">{label}</h2>
        <div className="stat-card__value">{children}</div>
      </div>
    </section>
  );
}
