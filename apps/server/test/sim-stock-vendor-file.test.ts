import { STOCK_FILE_MAX_ROWS } from '@cab/contract/sim-stock';
import { describe, expect, it } from 'vitest';
import { luhnDigit } from '@cab/contract/luhn';
import { AppError } from '../src/http/errors.js';
import { parseStockFile } from '../src/modules/network/stock/vendor-file.js';

const KI = '0123456789abcdef0123456789ABCDEF';
const K = '11111111111111111111111111111111';
const OPC = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function iccid(serial: number): string {
  const body = `8970199${String(serial).padStart(12, '0')}`;
  return body + String(luhnDigit(body));
}

function refusal(text: string): { code: string; params: unknown } {
  try {
    parseStockFile(text);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, params: error.params };
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('SIM vendor file', () => {
  it('reads COMP128 and MILENAGE rows with columns in any order, either separator, blank lines skipped', () => {
    const comma = parseStockFile(`ICCID,IMSI,MSISDN,KI,K,OPC\n${iccid(1)},001010000000001,79580000001,${KI},,\n\n${iccid(2)},001010000000002,79580000002,,${K},${OPC}\n`);
    expect(comma.rows).toBe(2);
    expect(comma.problems).toEqual([]);
    expect(comma.cards).toEqual([
      { row: 2, iccid: iccid(1), imsi: '001010000000001', msisdn: '79580000001', auth: 'comp128', keys: { ki: KI.toUpperCase() } },
      { row: 4, iccid: iccid(2), imsi: '001010000000002', msisdn: '79580000002', auth: 'milenage', keys: { k: K, opc: OPC } },
    ]);
    const semicolon = parseStockFile(`\uFEFFopc; k ;msisdn;"IMSI";iccid\r\n${OPC};${K};79580000003;001010000000003;${iccid(3)}\r\n`);
    expect(semicolon.cards).toEqual([
      { row: 2, iccid: iccid(3), imsi: '001010000000003', msisdn: '79580000003', auth: 'milenage', keys: { k: K, opc: OPC } },
    ]);
  });

  it('names the row, the field and the reason of every problem, and keeps those rows out', () => {
    const bad = iccid(9).slice(0, -1) + String((Number(iccid(9).at(-1)) + 1) % 10);
    const file = [
      'ICCID,IMSI,MSISDN,KI,K,OPC',
      `${iccid(1)},001010000000001,79580000001,${KI},,`, // 2: valid
      `123,00101000000000,7958,${KI.slice(1)},,`, // 3: every field wrong
      `${bad},001010000000004,79580000004,,${K},`, // 4: check digit, OPC missing
      `${iccid(5)},001010000000005,79580000005,${KI},${K},${OPC}`, // 5: both kinds of keys
      `${iccid(6)},001010000000006,79580000006,,,`, // 6: no keys
      `${iccid(1)},001010000000001,79580000001,${KI},,`, // 7: repeats row 2
      `${iccid(8)},,79580000008,,G${K.slice(1)},${OPC},extra`, // 8: IMSI missing, K not hex, a value past the columns
    ].join('\n');
    const parsed = parseStockFile(file);
    expect(parsed.rows).toBe(7);
    expect(parsed.cards.map((card) => card.row)).toEqual([2]);
    expect(parsed.problems).toEqual([
      { row: 3, field: 'iccid', reason: 'iccid_format' },
      { row: 3, field: 'imsi', reason: 'imsi_format' },
      { row: 3, field: 'msisdn', reason: 'msisdn_format' },
      { row: 3, field: 'ki', reason: 'key_format' },
      { row: 4, field: 'iccid', reason: 'iccid_check_digit' },
      { row: 4, field: 'opc', reason: 'required' },
      { row: 5, field: null, reason: 'keys_mixed' },
      { row: 6, field: null, reason: 'keys_missing' },
      { row: 7, field: 'iccid', reason: 'duplicate_in_file', first_row: 2 },
      { row: 7, field: 'imsi', reason: 'duplicate_in_file', first_row: 2 },
      { row: 7, field: 'msisdn', reason: 'duplicate_in_file', first_row: 2 },
      { row: 8, field: null, reason: 'columns' },
      { row: 8, field: 'imsi', reason: 'required' },
      { row: 8, field: 'k', reason: 'key_format' },
    ]);
  });

  it('refuses a file without a usable header, naming columns but never a value', () => {
    expect(refusal('\n  \n').code).toBe('stock_file_empty');
    expect(refusal('ICCID,MSISDN,K\n').params).toEqual({ columns: 'IMSI, OPC' });
    expect(refusal('ICCID;IMSI;MSISDN;KI;KI\n').params).toEqual({ columns: 'KI' });
    // A file that starts with a card: its cells are named by position, so no key reaches the message.
    const headless = refusal(`${iccid(1)},001010000000001,79580000001,${KI}\n`);
    expect(headless).toEqual({ code: 'stock_file_header', params: { columns: '#1, #2, #3, #4, ICCID, IMSI, MSISDN, KI | K + OPC' } });
  });

  it(`refuses more than ${STOCK_FILE_MAX_ROWS} rows before checking any`, () => {
    const row = `${iccid(1)},001010000000001,79580000001,${KI}\n`;
    const header = 'ICCID,IMSI,MSISDN,KI\n';
    expect(parseStockFile(header + row.repeat(STOCK_FILE_MAX_ROWS)).rows).toBe(STOCK_FILE_MAX_ROWS);
    expect(refusal(header + row.repeat(STOCK_FILE_MAX_ROWS + 1)).code).toBe('stock_file_too_many_rows');
  });
});
