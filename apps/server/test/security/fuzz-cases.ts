import { acceptsNumber, acceptedTypes, objectShape, refusesType, sampleValue, type JsonSchema } from './json-schema.js';

/** One request the fuzz suite sends: what is wrong with it, its query string and its body. */
export interface FuzzCase {
  label: string;
  /** Allowed by the schema (a boundary value): must not fail, but may change data like any call. */
  allowed?: boolean;
  query: string;
  payload?: string | Buffer;
  contentType?: string;
}

export interface RouteSpec {
  method: 'GET' | 'POST';
  path: string;
  body: JsonSchema | null;
  query: { name: string; required: boolean; schema: JsonSchema }[];
}

type Path = (string | number)[];

const HUGE = 100_000;
const DEPTH = 10_000;
const TEN_MB = Buffer.alloc(10 * 1024 * 1024, 'x');
/** JSON has no NaN or Infinity; these texts parse to Infinity, -Infinity and an unsafe integer. */
const RAW_NUMBERS = ['1e400', '-1e400', '9007199254740993'];
const BAD_TEXTS = { nul: 'a\u0000b', 'lone high surrogate': 'a\ud800b', 'lone low surrogate': '\udc00' };
const WRONG_TYPES: [string, unknown][] = [['string', 'x'], ['number', 1], ['bool', true], ['null', null], ['array', []], ['object', {}]];

function rawToken(text: string): string {
  return `__raw_${text}__`;
}

/** JSON text of a body, with raw number tokens put in unquoted. */
function toJson(value: unknown): string {
  let text = JSON.stringify(value) ?? 'null';
  for (const raw of RAW_NUMBERS) text = text.replaceAll(`"${rawToken(raw)}"`, raw);
  return text;
}

function setAt(base: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      if (remove) delete node[key];
      else node[key] = value;
      return;
    }
    const next = node[key];
    node[key] = typeof next === 'object' && next !== null ? next : typeof path[index + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  return copy;
}

interface Field {
  path: Path;
  schema: JsonSchema;
  required: boolean;
}

/** Every property at any depth (first option of a union, first item of an array). */
function fieldsOf(schema: JsonSchema, path: Path = [], depth = 0): Field[] {
  if (depth > 5) return [];
  const shape = objectShape(schema);
  const fields: Field[] = [];
  for (const [name, child] of Object.entries(shape?.properties ?? {})) {
    const childPath = [...path, name];
    fields.push({ path: childPath, schema: child, required: shape?.required?.includes(name) ?? false });
    fields.push(...fieldsOf(child, childPath, depth + 1));
    if (child.items) fields.push({ path: [...childPath, 0], schema: child.items, required: false }, ...fieldsOf(child.items, [...childPath, 0], depth + 1));
  }
  return fields;
}

/** Values that a field must refuse: wrong types, bad text, huge strings and arrays, numbers out of range. */
function badValues(schema: JsonSchema): [string, unknown][] {
  const values: [string, unknown][] = WRONG_TYPES.filter(([, value]) => refusesType(schema, value));
  const accepted = acceptedTypes(schema) ?? new Set(['string', 'number', 'array']);
  if (accepted.has('string')) {
    const length = Math.max(HUGE, (schema.maxLength ?? 0) + 1);
    values.push(...Object.entries(BAD_TEXTS), [`${length} chars`, 'x'.repeat(length)]);
  }
  if (accepted.has('number')) {
    for (const n of [1e308, -1e308, -1, 0, 0.5, 1.005]) if (!acceptsNumber(schema, n)) values.push([`number ${n}`, n]);
    for (const raw of RAW_NUMBERS) values.push([`number ${raw}`, rawToken(raw)]);
    values.push(['NaN text', 'NaN']);
  }
  if (accepted.has('array')) {
    const length = Math.max(HUGE, (schema.maxItems ?? 0) + 1);
    values.push([`${length} items`, Array.from({ length }, () => 1)]);
  }
  return values;
}

function nested(depth: number, open: string, close: string): string {
  return open.repeat(depth) + close.repeat(depth);
}

function bodyCases(body: JsonSchema | null, query: string): FuzzCase[] {
  const base = body ? sampleValue(body) : {};
  const json = (label: string, value: unknown): FuzzCase => ({ label, query, payload: toJson(value), contentType: 'application/json' });
  const cases: FuzzCase[] = [];
  for (const field of fieldsOf(body ?? {})) {
    const name = field.path.join('.');
    if (field.required) cases.push(json(`${name}: missing`, setAt(base, field.path, undefined, true)));
    for (const [label, value] of badValues(field.schema)) cases.push(json(`${name}: ${label}`, setAt(base, field.path, value)));
    for (const n of [2 ** 31, Number.MAX_SAFE_INTEGER]) {
      // Allowed by the schema but past a 32-bit column: the database must never be the one to refuse it.
      if (acceptsNumber(field.schema, n)) cases.push({ ...json(`${name}: ${n} (allowed)`, setAt(base, field.path, n)), allowed: true });
    }
  }
  const shape = body ? objectShape(body) : null;
  const first = Object.keys(shape?.properties ?? {})[0] ?? 'fuzz';
  const withRaw = (label: string, raw: string): FuzzCase => ({ label, query, payload: raw, contentType: 'application/json' });
  cases.push(
    json('unknown field', { ...(base as object), fuzz_unknown: 1 }),
    json('NUL in a key', { ...(base as object), 'k\u0000': 1 }),
    json('lone surrogate in a nested key', setAt(base, [first], { '\ud800': 'x' })),
    withRaw(`${DEPTH} nested arrays`, `{"${first}":${nested(DEPTH, '[', ']')}}`),
    withRaw(`${DEPTH} nested objects`, `{"${first}":${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}}`),
    withRaw(`${DEPTH} nested arrays as the body`, nested(DEPTH, '[', ']')),
    withRaw('truncated JSON', '{"a":'),
    withRaw('not JSON', 'hello'),
    withRaw('empty JSON body', ''),
    withRaw('NaN literal', `{"${first}":NaN}`),
    { label: 'text/plain', query, payload: 'hello', contentType: 'text/plain' },
    { label: 'form', query, payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
    { label: 'multipart', query, payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
    { label: 'xml', query, payload: '<a/>', contentType: 'application/xml' },
    { label: '10 MB JSON', query, payload: Buffer.concat([Buffer.from(`{"${first}":"`), TEN_MB, Buffer.from('"}')]), contentType: 'application/json' },
  );
  for (const [label, value] of WRONG_TYPES) if (body && refusesType(body, value)) cases.push(json(`body is ${label}`, value));
  return cases;
}

function encode(params: Record<string, string>): string {
  return Object.entries(params).map(([k, v]) => `${k}=${v}`).join('&');
}

function queryCases(route: RouteSpec): { base: string; cases: FuzzCase[] } {
  const params: Record<string, string> = { lang: 'en' };
  for (const q of route.query) if (q.required) params[q.name] = encodeURIComponent(String(sampleValue(q.schema)));
  const base = encode(params);
  const cases: FuzzCase[] = [];
  const variants: [string, string][] = [
    ['abc', 'abc'], ['-1', '-1'], ['0.5', '0.5'], ['1e308', '1e308'], ['NaN', 'NaN'], ['Infinity', 'Infinity'],
    ['NUL', 'a%00b'], ['invalid UTF-8 (surrogate)', '%ED%A0%80'], ['bare %', '%'], [`${HUGE} chars`, 'x'.repeat(HUGE)],
  ];
  for (const q of route.query) {
    if (q.required) {
      const { [q.name]: _dropped, ...rest } = params;
      cases.push({ label: `query ${q.name}: missing`, query: encode(rest) });
    }
    for (const [label, value] of variants) cases.push({ label: `query ${q.name}: ${label}`, query: encode({ ...params, [q.name]: value }) });
    cases.push({ label: `query ${q.name}: repeated`, query: `${base}&${q.name}=1` });
  }
  cases.push({ label: 'query: unknown NUL parameter', query: `${base}&x=%00` });
  return { base, cases };
}

/** Every bad request the suite sends to one route. */
export function casesFor(route: RouteSpec): FuzzCase[] {
  const { base, cases } = queryCases(route);
  if (route.method === 'GET') return cases;
  const withBody = (c: FuzzCase): FuzzCase => ({ ...c, payload: toJson(route.body ? sampleValue(route.body) : {}), contentType: 'application/json' });
  return [...cases.map(withBody), ...bodyCases(route.body, base)];
}
