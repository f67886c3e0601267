import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; follows changes (window resize, zoom). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below this width the side menu is a drawer over the page (and at 200% zoom of a 1920 px screen). */
export const NARROW_QUERY = '(max-width: 959.98px)';
/** Phones: the header keeps only its icons. */
export const PHONE_QUERY = '(max-width: 599.98px)';
