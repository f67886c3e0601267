import { useTranslation } from 'react-i18next';
import { NETWORK_COUNTRIES, type CountryWarning } from '@cab/contract/sim-rules';
import { formatIsoDay } from '@/lib/format-date';

/** The country's name in the interface language. */
export function useCountryName() {
  const { i18n } = useTranslation();
  return (code: string) => {
    const country = NETWORK_COUNTRIES.find((c) => c.code === code);
    if (!country) return code;
    return i18n.language === 'en' ? country.name_en : country.name_ru;
  };
}

/** The SIM page's warning: a TC SIM seen in a country where TC SIMs do not work (spec §9). */
export function CountryWarningMessage({ warning }: { warning: CountryWarning }) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  return (
    <div className="inline-message inline-message--warn" role="alert" data-testid="sim-country-warning">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>{t('countryRule.warning', { country: countryName(warning.country), from: formatIsoDay(warning.from, i18n.language) })}</span>
    </div>
  );
}

/** The list's mark beside the ICCID of such a SIM. */
export function CountryWarningIcon({ warning }: { warning: CountryWarning }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const text = t('countryRule.short', { country: countryName(warning.country) });
  return (
    <i
      className="pi pi-exclamation-triangle country-warning-icon"
      role="img"
      aria-label={text}
      title={text}
      data-testid="sims-row-country-warning"
    />
  );
}
