import type { CtrlClient } from './ctrl-client.js';
import { HlrCtrlError } from './ctrl-types.js';

/**
 * Subscriber commands of osmo-hlr's CTRL interface, typed and checked: every argument is validated
 * here so nothing a caller passes can add a word or a command to the CTRL line, and no error text
 * repeats a key. Errors from the HLR keep its own text (`HlrCtrlError` kind `hlr`), e.g.
 * "No such subscriber." — the adapter reports it as that SIM's failure reason.
 */

export type CtrlCommands = Pick<CtrlClient, 'get' | 'set'>;

export interface HlrSubscriberInfo {
  id: number;
  imsi: string;
  msisdn: string | null;
  csEnabled: boolean;
  psEnabled: boolean;
  /** Serving VLR / SGSN: present once the subscriber has attached through that network element. */
  vlrNumber: string | null;
  sgsnNumber: string | null;
  sgsnAddress: string | null;
  purgedCs: boolean;
  purgedPs: boolean;
  /** Served by a VLR or an SGSN that has not purged it. */
  attached: boolean;
}

/** The HLR's exact answers that mean "already as asked" for create and delete. */
const ALREADY_EXISTS = 'Subscriber already exists.';
const DOES_NOT_EXIST = "Subscriber doesn't exist.";

const IMSI = /^\d{15}$/;
const MSISDN = /^\d{1,15}$/;
const KEY_128 = /^[0-9a-fA-F]{32}$/;

export class HlrSubscribers {
  constructor(private readonly ctrl: CtrlCommands) {}

  /** Creates the subscriber (CS and PS enabled); one that already exists counts as done. */
  async createSubscriber(imsi: string): Promise<{ created: boolean; id: number | null }> {
    checkImsi(imsi);
    try {
      const id = await this.ctrl.set('subscriber.create', imsi);
      return { created: true, id: /^\d+$/.test(id) ? Number(id) : null };
    } catch (error) {
      if (isHlrReason(error, ALREADY_EXISTS)) return { created: false, id: null };
      throw error;
    }
  }

  /** Deletes the subscriber; one that does not exist counts as done. */
  async deleteSubscriber(imsi: string): Promise<{ deleted: boolean }> {
    checkImsi(imsi);
    try {
      await this.ctrl.set('subscriber.delete', imsi);
      return { deleted: true };
    } catch (error) {
      if (isHlrReason(error, DOES_NOT_EXIST)) return { deleted: false };
      throw error;
    }
  }

  /** Sets the MSISDN, or clears it with null. Another subscriber's MSISDN fails ("Update MSISDN failed"). */
  async setMsisdn(imsi: string, msisdn: string | null): Promise<void> {
    checkImsi(imsi);
    if (msisdn !== null && !MSISDN.test(msisdn)) throw invalid('MSISDN must be 1 to 15 digits');
    await this.ctrl.set(`subscriber.by-imsi-${imsi}.msisdn`, msisdn ?? 'none');
  }

  /** Data (PS) access. On an unknown IMSI osmo-hlr 1.5 answers only "An error has occurred." */
  async setPsEnabled(imsi: string, enabled: boolean): Promise<void> {
    checkImsi(imsi);
    await this.ctrl.set(`subscriber.by-imsi-${imsi}.ps-enabled`, enabled ? '1' : '0');
  }

  /** Voice and SMS (CS) access. */
  async setCsEnabled(imsi: string, enabled: boolean): Promise<void> {
    checkImsi(imsi);
    await this.ctrl.set(`subscriber.by-imsi-${imsi}.cs-enabled`, enabled ? '1' : '0');
  }

  /** MILENAGE keys: K and OPc, 128 bits each in hex. */
  async setAud3g(imsi: string, k: string, opc: string): Promise<void> {
    checkImsi(imsi);
    if (!KEY_128.test(k)) throw invalid('K must be 32 hex digits');
    if (!KEY_128.test(opc)) throw invalid('OPc must be 32 hex digits');
    await this.ctrl.set(`subscriber.by-imsi-${imsi}.aud3g`, `milenage,${k.toLowerCase()},OPC,${opc.toLowerCase()}`);
  }

  /** COMP128v1 key: KI, 128 bits in hex. */
  async setAud2g(imsi: string, ki: string): Promise<void> {
    checkImsi(imsi);
    if (!KEY_128.test(ki)) throw invalid('KI must be 32 hex digits');
    await this.ctrl.set(`subscriber.by-imsi-${imsi}.aud2g`, `comp128v1,${ki.toLowerCase()}`);
  }

  /**
   * The subscriber's record without its keys (`info`, never `info-all`, which carries K, OPc and KI
   * and must not pass through this process's memory or logs needlessly).
   */
  async info(imsi: string): Promise<HlrSubscriberInfo> {
    checkImsi(imsi);
    return parseSubscriberInfo(await this.ctrl.get(`subscriber.by-imsi-${imsi}.info`));
  }
}

/** Parses `info`'s tab-separated lines (`id\t1`, `imsi\t…`, `nam_ps\t0`, `vlr_number\t…`). */
export function parseSubscriberInfo(text: string): HlrSubscriberInfo {
  const fields = new Map<string, string>();
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) fields.set(line.slice(0, tab), line.slice(tab + 1).trim());
  }
  const id = Number(fields.get('id'));
  const imsi = fields.get('imsi') ?? '';
  if (!Number.isSafeInteger(id) || !IMSI.test(imsi)) {
    throw new HlrCtrlError('protocol', 'subscriber info without a valid id and IMSI');
  }
  const present = (name: string): string | null => fields.get(name) || null;
  const vlrNumber = present('vlr_number');
  const sgsnNumber = present('sgsn_number');
  const purgedCs = fields.get('ms_purged_cs') === '1';
  const purgedPs = fields.get('ms_purged_ps') === '1';
  return {
    id,
    imsi,
    msisdn: present('msisdn'),
    csEnabled: fields.get('nam_cs') === '1',
    psEnabled: fields.get('nam_ps') === '1',
    vlrNumber,
    sgsnNumber,
    sgsnAddress: present('sgsn_address'),
    purgedCs,
    purgedPs,
    attached: (vlrNumber !== null && !purgedCs) || (sgsnNumber !== null && !purgedPs),
  };
}

function checkImsi(imsi: string): void {
  if (!IMSI.test(imsi)) throw invalid('IMSI must be 15 digits');
}

function invalid(message: string): HlrCtrlError {
  return new HlrCtrlError('invalid', message);
}

function isHlrReason(error: unknown, reason: string): boolean {
  return error instanceof HlrCtrlError && error.kind === 'hlr' && error.message === reason;
}
