import type { Readable } from 'node:stream';
import { zipStream } from './zip-stream.js';

/*
 * One-sheet XLSX (Office Open XML SpreadsheetML) written as a stream: the sheet's rows become XML
 * as they arrive and are deflated straight into the archive, so a million rows never sit in memory.
 * Strings are inline (no shared-string table to keep), numbers and times get a number format, and
 * the header row is bold and frozen.
 */

/** How a column's values are written: text, a whole number, two decimals, a YYYY-MM-DD text or a UTC date-time. */
export type XlsxColumnType = 'text' | 'integer' | 'decimal' | 'date' | 'datetime';

export interface XlsxColumn {
  header: string;
  type: XlsxColumnType;
  /** Width in characters. */
  width?: number;
}

/** Text, a number, a Date, or (in a datetime column) unix seconds; null leaves the cell empty. */
export type XlsxCell = string | number | Date | null;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell formats (cellXfs) of styles.xml, by index. */
const STYLE = { header: 1, integer: 2, decimal: 3, datetime: 4 } as const;

const CONTENT_TYPES = `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
</Types>`;

const ROOT_RELS = `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">\
<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>\
</Relationships>`;

const WORKBOOK_RELS = `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">\
<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>\
</Relationships>`;

// Built-in number formats 1 ('0') and 2 ('0.00'); 164 is the first custom id.
const STYLES = `${XML_DECLARATION}<styleSheet xmlns="${MAIN}">\
<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>\
<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>`;

/** Characters XML 1.0 does not allow, even escaped. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const XML_SPECIAL = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(XML_SPECIAL, (ch) => ENTITIES[ch] ?? ch);
}

/** A, B, …, Z, AA, … for a zero-based column index. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Days since 1899-12-30, the serial number spreadsheets store a date-time as (UTC). */
function serial(ms: number): number {
  return ms / 86_400_000 + 25_569;
}

function inlineString(ref: string, text: string, style = 0): string {
  const space = text !== text.trim() ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t${space}>${xmlText(text)}</t></is></c>`;
}

function cellXml(ref: string, type: XlsxColumnType, value: XlsxCell): string {
  if (value === null) return '';
  if (value instanceof Date || (type === 'datetime' && typeof value === 'number')) {
    const ms = value instanceof Date ? value.getTime() : value * 1000;
    return Number.isFinite(ms) ? `<c r="${ref}" s="${STYLE.datetime}"><v>${serial(ms)}</v></c>` : '';
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const style = type === 'decimal' ? STYLE.decimal : type === 'integer' ? STYLE.integer : 0;
    return `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;
  }
  return inlineString(ref, value);
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31).trim() || 'Sheet1';
}

async function* sheetXml(columns: XlsxColumn[], batches: AsyncIterable<XlsxCell[][]>): AsyncGenerator<string> {
  const letters = columns.map((_, i) => columnLetters(i));
  const widths = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? Math.max(10, c.header.length + 2)}" customWidth="1"/>`)
    .join('');
  const header = columns.map((c, i) => inlineString(`${letters[i]}1`, c.header, STYLE.header)).join('');
  yield `${XML_DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">\
<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>\
<sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData><row r="1">${header}</row>`;
  let r = 1;
  for await (const batch of batches) {
    let xml = '';
    for (const row of batch) {
      r++;
      xml += `<row r="${r}">`;
      for (let i = 0; i < columns.length; i++) {
        xml += cellXml(`${letters[i]}${r}`, (columns[i] as XlsxColumn).type, row[i] ?? null);
      }
      xml += '</row>';
    }
    yield xml;
  }
  yield '</sheetData></worksheet>';
}

/** The workbook's bytes; an error in the rows ends the stream with it (the caller keeps no file). */
export function xlsxStream(name: string, columns: XlsxColumn[], batches: AsyncIterable<XlsxCell[][]>): Readable {
  const once = (text: string) => () => [text];
  const workbook = `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">\
<sheets><sheet name="${xmlText(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  return zipStream(
    [
      { name: '[Content_Types].xml', content: once(CONTENT_TYPES) },
      { name: '_rels/.rels', content: once(ROOT_RELS) },
      { name: 'xl/workbook.xml', content: once(workbook) },
      { name: 'xl/_rels/workbook.xml.rels', content: once(WORKBOOK_RELS) },
      { name: 'xl/styles.xml', content: once(STYLES) },
      { name: 'xl/worksheets/sheet1.xml', content: () => sheetXml(columns, batches) },
    ],
    // Level 1: most of the size saving at a fraction of the time; the rows are very repetitive.
    { level: 1 },
  );
}
