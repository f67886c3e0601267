import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The heading of every page; e2e tests find pages by it. It also names the browser tab
 * ("SIM cards — SIM Cabinet"), so every page that shows a title gets its document title.
 */
export function PageTitle({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const app = t('common.appName');
  useEffect(() => {
    const page = heading.current?.textContent?.trim() ?? '';
    document.title = page ? t('a11y.pageTitle', { page, app }) : app;
  });
  return (
    <h1 className="page-title" data-testid="page-title" ref={heading}>
      {children}
    </h1>
  );
}
