import { useTranslation } from 'react-i18next';

/** The first tab stop of every screen: jumps past the header and the menu to `#main`. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href="#main"
      data-testid="skip-link"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
    >
      {t('a11y.skipToContent')}
    </a>
  );
}
