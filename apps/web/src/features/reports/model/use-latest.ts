import { useEffect, useMemo, useRef } from 'react';

/**
 * The latest value, readable and writable from event handlers: two URL changes in quick succession
 * (a company, then a preset) each build on the one before, not on the params of the last render.
 */
export function useLatest<T>(value: T): { get: () => T; set: (next: T) => void } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return useMemo(
    () => ({
      get: () => ref.current,
      set: (next: T) => {
        ref.current = next;
      },
    }),
    [],
  );
}
