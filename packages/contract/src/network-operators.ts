/**
 * Names of the mobile networks a SIM may be served by, keyed by MCC-MNC (as RADIUS's
 * 3GPP-SGSN-MCC-MNC and the simulator write it, e.g. 250-01). A user sees the operator's name and
 * the country, never the code; a network missing here is shown as "unknown operator" in its country.
 */
const OPERATOR_NAMES: Readonly<Record<string, string>> = {
  '250-01': 'MTS',
  '250-02': 'MegaFon',
  '250-20': 'Tele2',
  '250-99': 'Beeline',
  '262-01': 'Telekom Deutschland',
  '262-02': 'Vodafone Germany',
  '262-03': 'Telefónica Germany (O2)',
  '208-01': 'Orange France',
  '208-10': 'SFR',
  '222-01': 'TIM',
  '222-10': 'Vodafone Italy',
  '214-01': 'Vodafone Spain',
  '214-07': 'Movistar',
  '260-01': 'Plus',
  '260-02': 'T-Mobile Poland',
  '244-05': 'Elisa',
  '244-91': 'Telia Finland',
  '220-01': 'Yettel Serbia',
  '286-01': 'Turkcell',
  '257-01': 'A1 Belarus',
  '257-02': 'MTS Belarus',
  '401-01': 'Beeline Kazakhstan',
  '401-02': 'Kcell',
  '434-04': 'Beeline Uzbekistan',
  '434-05': 'Ucell',
  '283-01': 'Team Telecom Armenia',
  '283-05': 'Viva Armenia',
  '282-01': 'Silknet',
  '282-02': 'Magti',
  '437-01': 'Beeline Kyrgyzstan',
  '437-05': 'MegaCom',
  '460-00': 'China Mobile',
  '460-01': 'China Unicom',
  '404-01': 'Vi (Vodafone Idea)',
  '424-02': 'e& (Etisalat)',
  '424-03': 'du',
  '520-01': 'AIS',
  '520-04': 'True Move H',
  '724-05': 'Claro Brazil',
  '724-06': 'Vivo',
  '602-01': 'Orange Egypt',
  '602-02': 'Vodafone Egypt',
  '655-01': 'Vodacom',
  '655-10': 'MTN South Africa',
  '505-01': 'Telstra',
  '505-03': 'Vodafone Australia',
};

/** The operator's name for an MCC-MNC, or null when the network is not known here. */
export function operatorName(mccMnc: string | null | undefined): string | null {
  if (!mccMnc) return null;
  return OPERATOR_NAMES[mccMnc] ?? null;
}
