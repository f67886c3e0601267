import { z } from 'zod';
import { EmptyBody, Id, UnixSeconds } from './common.js';
import { BLOCK_TYPES, SIM_PROFILES, type SimProfile } from './constants.js';
import { action, read } from './endpoint.js';
import { SimSelection } from './queue.js';
import { CSV_FILTER_MAX_BYTES } from './sims.js';

/* Roaming, country rules, the network simulator's settings and root's global unblock (issue 11). */

// ---------------------------------------------------------------- countries the network knows

export const ROAMING_ZONES = ['europe', 'cis', 'asia', 'americas', 'africa_oceania'] as const;
export type RoamingZone = (typeof ROAMING_ZONES)[number];

export interface NetworkCountry {
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** Mobile country code, the first part of a serving cell `MCC-MNC-LAC-CID`. */
  mcc: string;
  zone: RoamingZone | 'home';
  name_ru: string;
  name_en: string;
}

/** The home network and the countries its SIMs may roam in, each in one roaming zone. */
export const NETWORK_COUNTRIES: readonly NetworkCountry[] = [
  { code: 'RU', mcc: '250', zone: 'home', name_ru: 'Россия', name_en: 'Russia' },
  { code: 'DE', mcc: '262', zone: 'europe', name_ru: 'Германия', name_en: 'Germany' },
  { code: 'FR', mcc: '208', zone: 'europe', name_ru: 'Франция', name_en: 'France' },
  { code: 'IT', mcc: '222', zone: 'europe', name_ru: 'Италия', name_en: 'Italy' },
  { code: 'ES', mcc: '214', zone: 'europe', name_ru: 'Испания', name_en: 'Spain' },
  { code: 'PL', mcc: '260', zone: 'europe', name_ru: 'Польша', name_en: 'Poland' },
  { code: 'FI', mcc: '244', zone: 'europe', name_ru: 'Финляндия', name_en: 'Finland' },
  { code: 'RS', mcc: '220', zone: 'europe', name_ru: 'Сербия', name_en: 'Serbia' },
  { code: 'TR', mcc: '286', zone: 'europe', name_ru: 'Турция', name_en: 'Turkey' },
  { code: 'BY', mcc: '257', zone: 'cis', name_ru: 'Беларусь', name_en: 'Belarus' },
  { code: 'KZ', mcc: '401', zone: 'cis', name_ru: 'Казахстан', name_en: 'Kazakhstan' },
  { code: 'UZ', mcc: '434', zone: 'cis', name_ru: 'Узбекистан', name_en: 'Uzbekistan' },
  { code: 'AM', mcc: '283', zone: 'cis', name_ru: 'Армения', name_en: 'Armenia' },
  { code: 'GE', mcc: '282', zone: 'cis', name_ru: 'Грузия', name_en: 'Georgia' },
  { code: 'KG', mcc: '437', zone: 'cis', name_ru: 'Киргизия', name_en: 'Kyrgyzstan' },
  { code: 'CN', mcc: '460', zone: 'asia', name_ru: 'Китай', name_en: 'China' },
  { code: 'IN', mcc: '404', zone: 'asia', name_ru: 'Индия', name_en: 'India' },
  { code: 'AE', mcc: '424', zone: 'asia', name_ru: 'ОАЭ', name_en: 'United Arab Emirates' },
  { code: 'TH', mcc: '520', zone: 'asia', name_ru: 'Таиланд', name_en: 'Thailand' },
  { code: 'US', mcc: '310', zone: 'americas', name_ru: 'США', name_en: 'United States' },
  { code: 'BR', mcc: '724', zone: 'americas', name_ru: 'Бразилия', name_en: 'Brazil' },
  { code: 'MX', mcc: '334', zone: 'americas', name_ru: 'Мексика', name_en: 'Mexico' },
  { code: 'EG', mcc: '602', zone: 'africa_oceania', name_ru: 'Египет', name_en: 'Egypt' },
  { code: 'ZA', mcc: '655', zone: 'africa_oceania', name_ru: 'ЮАР', name_en: 'South Africa' },
  { code: 'AU', mcc: '505', zone: 'africa_oceania', name_ru: 'Австралия', name_en: 'Australia' },
];

export const NETWORK_COUNTRY_CODES = NETWORK_COUNTRIES.map((c) => c.code) as [string, ...string[]];

export function countryByMcc(mcc: string): NetworkCountry | undefined {
  return NETWORK_COUNTRIES.find((c) => c.mcc === mcc);
}

/** The country of a serving cell `MCC-MNC-LAC-CID`, if the network knows its MCC. */
export function countryOfCell(cell: string | null): NetworkCountry | undefined {
  if (!cell) return undefined;
  return countryByMcc(cell.split('-')[0] ?? '');
}

// ---------------------------------------------------------------- roaming

/** Spec §5 and §9: "Roaming settings changes take up to 3 working days". */
export const ROAMING_CHANGE_WORKING_DAYS = 3;

export const ROAMING_MODES = ['off', 'zones', 'worldwide'] as const;
export type RoamingMode = (typeof ROAMING_MODES)[number];

const RoamingChoice = {
  mode: z.enum(ROAMING_MODES),
  /** Only with mode `zones`: at least one zone. */
  zones: z.array(z.enum(ROAMING_ZONES)).max(ROAMING_ZONES.length).default([]),
};

export const RoamingSetting = z.object({ mode: z.enum(ROAMING_MODES), zones: z.array(z.enum(ROAMING_ZONES)) });
export type RoamingSetting = z.infer<typeof RoamingSetting>;

export const SimRoaming = RoamingSetting.extend({
  /** A change the network has not applied yet. */
  pending: RoamingSetting.extend({
    requested: UnixSeconds,
    /** The latest it applies: request time plus 3 working days. */
    deadline: UnixSeconds,
  }).nullable(),
});
export type SimRoaming = z.infer<typeof SimRoaming>;

export const SimRoamingGetRequest = z.strictObject({ id: Id });
export const SimRoamingSetRequest = z.strictObject({ id: Id, ...RoamingChoice });
export type SimRoamingSetRequest = z.input<typeof SimRoamingSetRequest>;
export const SimRoamingBulkRequest = z.strictObject({ selection: SimSelection, ...RoamingChoice });
export type SimRoamingBulkRequest = z.input<typeof SimRoamingBulkRequest>;
export const RoamingChangeResult = z.object({ count: z.number().int(), requested: UnixSeconds, deadline: UnixSeconds });
export type RoamingChangeResult = z.infer<typeof RoamingChangeResult>;

/** A bulk roaming change acts on at most this many SIMs. */
export const ROAMING_BULK_MAX = 100_000;

// ---------------------------------------------------------------- country rules

/** Spec §9: "From 1 June 2024 TC-profile SIMs do not work in two named countries". */
export const COUNTRY_RULE_PROFILE: SimProfile = 'TC';

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), 'invalid date');

export const CountryRule = z.object({ id: Id, country: z.string(), from: z.string(), added: UnixSeconds });
export type CountryRule = z.infer<typeof CountryRule>;
export const CountryRuleListResult = z.object({ items: z.array(CountryRule) });
export type CountryRuleListResult = z.infer<typeof CountryRuleListResult>;
export const CountryRuleCreateRequest = z.strictObject({ country: z.enum(NETWORK_COUNTRY_CODES), from: IsoDate });
export type CountryRuleCreateRequest = z.infer<typeof CountryRuleCreateRequest>;
export const CountryRuleDeleteRequest = z.strictObject({ id: Id });

/** TC SIMs last seen in a country whose rule is in force. */
export const CountryWarningsRequest = z.strictObject({ ids: z.array(Id).min(1).max(200) });
export const CountryWarning = z.object({ id: Id, country: z.string(), from: z.string(), seen: UnixSeconds.nullable() });
export type CountryWarning = z.infer<typeof CountryWarning>;
export const CountryWarningsResult = z.object({ items: z.array(CountryWarning) });
export type CountryWarningsResult = z.infer<typeof CountryWarningsResult>;

// ---------------------------------------------------------------- network simulator

export const NetworkSettings = z.strictObject({
  /** Answer time of one operation call (a batch of SIMs). */
  latency_ms: z.number().int().min(0).max(60_000),
  /** Share of SIMs an operation fails for. */
  failure_rate: z.number().min(0).max(1),
  /** SIMs given sessions, SMS and calls each minute (0 stops it). */
  activity_sims: z.number().int().min(0).max(2000),
  /** Working minutes the simulated network takes to apply a roaming change (at most 3 working days). */
  roaming_delay_minutes: z.number().int().min(0).max(ROAMING_CHANGE_WORKING_DAYS * 24 * 60),
});
export type NetworkSettings = z.infer<typeof NetworkSettings>;
export const NetworkSettingsResult = NetworkSettings.extend({ updated: UnixSeconds.nullable() });
export type NetworkSettingsResult = z.infer<typeof NetworkSettingsResult>;

export const USAGE_BURST_MAX_SIMS = 2000;
export const UsageBurstRequest = z.strictObject({ company_id: Id, sims: z.number().int().min(1).max(USAGE_BURST_MAX_SIMS) });
export type UsageBurstRequest = z.infer<typeof UsageBurstRequest>;
export const UsageBurstResult = z.object({
  /** SIMs that produced usage (blocked SIMs, offline ones and refused sessions produce none). */
  sims: z.number().int(),
  sessions: z.number().int(),
  sms: z.number().int(),
  calls: z.number().int(),
});
export type UsageBurstResult = z.infer<typeof UsageBurstResult>;

// ---------------------------------------------------------------- global unblock

/** Block types a global unblock lifts: every one but financial, which only a paid balance lifts. */
export const GLOBAL_UNBLOCK_TYPES = BLOCK_TYPES.filter((b) => b !== 'none' && b !== 'financial') as [
  'voluntary' | 'violation' | 'msu' | 'package_expiry',
  ...Array<'voluntary' | 'violation' | 'msu' | 'package_expiry'>,
];
export type GlobalUnblockType = (typeof GLOBAL_UNBLOCK_TYPES)[number];

/** The cards filter root picks SIMs with; at least one criterion must be given (never "every SIM"). */
export const GlobalUnblockFilter = z.strictObject({
  query: z.string().trim().max(100).optional(),
  csv: z.string().max(CSV_FILTER_MAX_BYTES).optional(),
  company: z.array(Id).max(200).optional(),
  profile: z.enum(SIM_PROFILES).nullish(),
  block_types: z.array(z.enum(GLOBAL_UNBLOCK_TYPES)).max(GLOBAL_UNBLOCK_TYPES.length).optional(),
});
export type GlobalUnblockFilter = z.infer<typeof GlobalUnblockFilter>;

export const GlobalUnblockPreviewRequest = z.strictObject({ filter: GlobalUnblockFilter });
export const GlobalUnblockPreview = z.object({
  /** SIMs the run would unblock. */
  total: z.number().int(),
  by_type: z.record(z.enum(GLOBAL_UNBLOCK_TYPES), z.number().int()),
  companies: z.number().int(),
  /** Matching SIMs with a financial block, left as they are. */
  financial: z.number().int(),
});
export type GlobalUnblockPreview = z.infer<typeof GlobalUnblockPreview>;

export const GlobalUnblockRunRequest = z.strictObject({
  filter: GlobalUnblockFilter,
  /** The dry run's total: the run is refused if the selection changed since. */
  expected: z.number().int().min(1).max(10_000_000),
});
export type GlobalUnblockRunRequest = z.infer<typeof GlobalUnblockRunRequest>;
export const GlobalUnblockRunResult = z.object({ qid: Id, count: z.number().int() });
export type GlobalUnblockRunResult = z.infer<typeof GlobalUnblockRunResult>;

// ---------------------------------------------------------------- endpoints

/**
 * Root's network tools (global unblock, network simulator, country rules: 'tools.use') and the SIM
 * rules every company sees (roaming, country warnings). Only a roaming change is refused to a
 * blocked company; root, the only holder of 'tools.use', is never blocked.
 */
export const SIM_RULES_API = {
  toolsGlobalUnblockPreview: read('/api/tools/global_unblock/preview', { body: GlobalUnblockPreviewRequest, result: GlobalUnblockPreview, access: 'tools.use' }),
  toolsGlobalUnblockRun: action('/api/tools/global_unblock/run', {
    body: GlobalUnblockRunRequest,
    result: GlobalUnblockRunResult,
    access: 'tools.use',
    writable: false,
  }),
  toolsNetworkGet: read('/api/tools/network/get', { body: EmptyBody, result: NetworkSettingsResult, access: 'tools.use' }),
  toolsNetworkUpdate: action('/api/tools/network/update', { body: NetworkSettings, result: NetworkSettingsResult, access: 'tools.use', writable: false }),
  toolsNetworkBurst: action('/api/tools/network/burst', { body: UsageBurstRequest, result: UsageBurstResult, access: 'tools.use', writable: false }),
  toolsCountryRulesList: read('/api/tools/country_rules/list', { body: EmptyBody, result: CountryRuleListResult, access: 'tools.use' }),
  toolsCountryRulesCreate: action('/api/tools/country_rules/create', {
    body: CountryRuleCreateRequest,
    result: CountryRuleListResult,
    access: 'tools.use',
    writable: false,
  }),
  toolsCountryRulesDelete: action('/api/tools/country_rules/delete', {
    body: CountryRuleDeleteRequest,
    result: CountryRuleListResult,
    access: 'tools.use',
    writable: false,
  }),
  simsCountryWarnings: read('/api/sims/country_warnings', { body: CountryWarningsRequest, result: CountryWarningsResult, access: 'sims.read' }),
  simsRoamingGet: read('/api/sims/roaming/get', { body: SimRoamingGetRequest, result: SimRoaming, access: 'sims.read' }),
  simsRoamingSet: action('/api/sims/roaming/set', { body: SimRoamingSetRequest, result: RoamingChangeResult, access: 'sims.operate', writable: true }),
  simsRoamingBulk: action('/api/sims/roaming/bulk', { body: SimRoamingBulkRequest, result: RoamingChangeResult, access: 'sims.operate', writable: true }),
} as const;

// ---------------------------------------------------------------- the rule itself

/** A rule as both the simulator and the warnings apply it: `from` is a UTC date, YYYY-MM-DD. */
export interface CountryRuleTerm {
  country: string;
  from: string;
}

/** The rule in force for a SIM of `profile` in `country` at `at`, if any (spec §9). */
export function countryRuleAgainst(rules: readonly CountryRuleTerm[], profile: string, country: string | undefined, at: Date): CountryRuleTerm | undefined {
  if (profile !== COUNTRY_RULE_PROFILE || !country) return undefined;
  return rules.find((rule) => rule.country === country && Date.parse(`${rule.from}T00:00:00Z`) <= at.getTime());
}
