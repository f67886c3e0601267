import type { Lang } from '@cab/contract/constants';
import type { RoamingZone } from '@cab/contract/sim-rules';

type Texts = Record<Lang, string>;

const MODE: Record<string, Texts> = {
  off: { ru: 'роуминг выключен', en: 'roaming off' },
  worldwide: { ru: 'роуминг по всему миру', en: 'worldwide roaming' },
  zones: { ru: 'роуминг в зонах', en: 'roaming in zones' },
};

const ZONE: Record<RoamingZone, Texts> = {
  europe: { ru: 'Европа', en: 'Europe' },
  cis: { ru: 'СНГ', en: 'CIS' },
  asia: { ru: 'Азия', en: 'Asia' },
  americas: { ru: 'Америка', en: 'Americas' },
  africa_oceania: { ru: 'Африка и Океания', en: 'Africa and Oceania' },
};

function settingText(mode: string, zones: string[], lang: Lang): string {
  const base = (MODE[mode] ?? MODE.off ?? { ru: '', en: '' })[lang];
  if (mode !== 'zones') return base;
  const names = zones.map((z) => ZONE[z as RoamingZone]?.[lang] ?? z).join(', ');
  return `${base}: ${names}`;
}

/** The notification when the network has applied a roaming change. */
export function roamingAppliedText(request: { mode: string; zones: string[]; simCount: number; iccid: string | null }): Texts {
  const text = (lang: Lang) => settingText(request.mode, request.zones, lang);
  if (request.simCount === 1 && request.iccid) {
    return {
      ru: `Настройки роуминга SIM ${request.iccid} применены: ${text('ru')}`,
      en: `Roaming settings of SIM ${request.iccid} applied: ${text('en')}`,
    };
  }
  return {
    ru: `Настройки роуминга применены к ${request.simCount} SIM: ${text('ru')}`,
    en: `Roaming settings applied to ${request.simCount} SIMs: ${text('en')}`,
  };
}
