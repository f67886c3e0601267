import { useContext, useEffect, useMemo, type ReactNode } from 'react';
import { PrimeReactContext, PrimeReactProvider } from 'primereact/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/lib/query-client';
import { applyPrimeLocale } from './prime-locale';
import { localizedAriaLabel } from './prime-private-labels';

/** z-indexes of spec §9: PrimeReact's modal/overlay defaults and toasts above everything. */
const zIndex = { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100, toast: 99999999 };

/**
 * Accessibility fixes of PrimeReact's own markup, for every instance in the app (global pass-through):
 * - the row/header checkboxes of selectable tables put role="checkbox" on a wrapper around a real
 *   checkbox (a nested, half-described control): the native input alone is the control;
 * - a dropdown's hidden native select and its chevron are presentation only (the combobox input is
 *   the control and carries the name); its root, a plain div, names no active option (PrimeReact
 *   points it at the focused option's id while the dropdown has focus, though the closed panel has
 *   no such element: axe's aria-valid-attr-value, critical, after a choice from a filtered list);
 * - a table that scrolls sideways inside its card can be scrolled from the keyboard;
 * - a popup panel (header menus, column picker, operations) is a non-modal dialog named by its own
 *   aria-label (on the panel only: PrimeReact copies its extra props onto the inner content too), so
 *   its content sits in a named region;
 * - the labels PrimeReact keeps in English whatever the locale are the locale's (prime-private-labels.ts).
 */
const pt = {
  overlaypanel: { root: { role: 'dialog' }, content: { 'aria-label': undefined } },
  checkbox: { root: { role: undefined, 'aria-label': undefined, 'aria-checked': undefined }, input: localizedAriaLabel },
  dropdown: {
    // The native select PrimeReact keeps for forms: hidden and inert (the keyboard helper input is the control).
    select: { 'aria-hidden': true, disabled: true, tabIndex: -1 },
    root: { 'aria-activedescendant': undefined },
    trigger: { 'aria-hidden': true, role: undefined, 'aria-haspopup': undefined, 'aria-expanded': undefined, 'aria-label': undefined },
    input: localizedAriaLabel,
  },
};

/**
 * Providers of the logged-in parts (the shell and the global widgets; both wrap the same client).
 * The login route needs neither server state nor PrimeReact's JS, which keeps it inside its budget
 * (ARCHITECTURE §9): it uses the theme's CSS classes only.
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const primeLocale = applyPrimeLocale(i18n.language);
  // No ripple: each one measures its button when it mounts (a forced layout per button, about a
  // third of the SIM list's first render), for a decoration.
  const primeConfig = useMemo(() => ({ ripple: false, zIndex, locale: primeLocale, pt }), [primeLocale]);
  return (
    <PrimeReactProvider value={primeConfig}>
      <PrimeLocaleSync locale={primeLocale} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </PrimeReactProvider>
  );
}

/** The provider keeps its first value in state: a language switch is passed on through its setter. */
function PrimeLocaleSync({ locale }: { locale: string }) {
  const context = useContext(PrimeReactContext);
  useEffect(() => {
    if (context.locale !== locale) context.setLocale?.(locale);
  }, [context, locale]);
  return null;
}
