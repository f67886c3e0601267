import { useTranslation } from 'react-i18next';
import { SIDEBAR_ID } from './sidebar';
import { useSidebar } from './sidebar-state';

/**
 * The second tab stop of the shell: jumps past the header to the side menu's first link (on narrow
 * screens it opens the menu drawer, which focuses that link itself), so the SIM list is a few Tabs away.
 */
export function MenuSkipLink() {
  const { t } = useTranslation();
  const { narrow, setDrawerOpen } = useSidebar();
  return (
    <a
      className="skip-link"
      href={`#${SIDEBAR_ID}`}
      data-testid="skip-to-menu"
      onClick={(event) => {
        event.preventDefault();
        if (narrow) setDrawerOpen(true);
        else document.querySelector<HTMLElement>(`#${SIDEBAR_ID} .side-menu a[href]`)?.focus();
      }}
    >
      {t('a11y.skipToMenu')}
    </a>
  );
}
