import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@cab/contract/constants';
import { changeLang, currentLang } from '@/lib/i18n';

/** ru/en switch: stores `lang` and switches i18next (the socket re-sends it); `onChanged` refetches server texts. */
export function LangSwitch({ onChanged }: { onChanged?: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const active = i18n.language as Lang;

  async function select(lang: Lang): Promise<void> {
    if (lang === currentLang()) return;
    await changeLang(lang);
    await onChanged?.();
  }

  return (
    <div className="lang-switch" role="group" aria-label={t('lang.label')} data-testid="lang-switch">
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          className={`lang-switch__option${active === lang ? ' lang-switch__option--active' : ''}`}
          aria-pressed={active === lang}
          // Named as it reads ("RU", "EN"): the full language name is the tooltip only.
          title={t(`lang.${lang}`)}
          lang={lang}
          data-testid={`lang-${lang}`}
          onClick={() => void select(lang)}
        >
          {lang.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
