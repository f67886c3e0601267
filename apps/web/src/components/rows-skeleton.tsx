import { Skeleton } from 'primereact/skeleton';

/** Placeholder rows while a table's first page loads. */
export function RowsSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, key) => (
        <Skeleton key={key} height="2.5rem" className="mb-2" />
      ))}
    </>
  );
}
