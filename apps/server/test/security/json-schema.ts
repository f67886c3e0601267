/** The part of JSON Schema (OpenAPI 3.0 flavour) that the app's generated document uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

function options(schema: JsonSchema): JsonSchema[] {
  const list = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return list && list.length > 0 ? list : [schema];
}

/** The JSON types a schema accepts; null when it says nothing (anything goes). */
export function acceptedTypes(schema: JsonSchema): Set<JsonType> | null {
  const types = new Set<JsonType>();
  for (const option of options(schema)) {
    if (option !== schema) {
      const inner = acceptedTypes(option);
      if (inner === null) return null;
      for (const t of inner) types.add(t);
      continue;
    }
    if (option.type === undefined && option.enum === undefined) return null;
    const declared = option.type === undefined ? [] : Array.isArray(option.type) ? option.type : [option.type];
    for (const t of declared) types.add(t as JsonType);
    for (const value of option.enum ?? []) types.add(typeOf(value));
  }
  if (schema.nullable) types.add('null');
  if (types.has('integer')) types.add('number');
  return types;
}

export function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object') return typeof value as JsonType;
  return 'object';
}

/** Whether a value of another type than the schema's would be refused on type alone. */
export function refusesType(schema: JsonSchema, value: unknown): boolean {
  const accepted = acceptedTypes(schema);
  if (accepted === null) return false;
  const type = typeOf(value);
  return !(accepted.has(type) || (type === 'integer' && accepted.has('number')));
}

function numberFits(option: JsonSchema, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (option.type === 'integer' && !Number.isInteger(value)) return false;
  if (option.enum && !option.enum.includes(value)) return false;
  const exclusiveMin = option.exclusiveMinimum === true;
  const exclusiveMax = option.exclusiveMaximum === true;
  if (option.minimum !== undefined && (exclusiveMin ? value <= option.minimum : value < option.minimum)) return false;
  if (option.maximum !== undefined && (exclusiveMax ? value >= option.maximum : value > option.maximum)) return false;
  if (typeof option.exclusiveMinimum === 'number' && value <= option.exclusiveMinimum) return false;
  if (typeof option.exclusiveMaximum === 'number' && value >= option.exclusiveMaximum) return false;
  if (option.multipleOf !== undefined && Math.abs(value / option.multipleOf - Math.round(value / option.multipleOf)) > 1e-9) return false;
  return true;
}

/** Whether the schema would take this number (used to send only numbers it must refuse). */
export function acceptsNumber(schema: JsonSchema, value: number): boolean {
  return options(schema).some((option) => (option.type === 'number' || option.type === 'integer') && numberFits(option, value));
}

/** A plausible value for the schema: the base a single mutation is applied to. */
export function sampleValue(schema: JsonSchema): unknown {
  const option = options(schema)[0] ?? schema;
  if (option !== schema) return sampleValue(option);
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, sampleValue(schema.properties?.[name] ?? {})]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleValue(schema.items ?? {}));
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uri') return 'https://example.com/fuzz';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      if (schema.minimum === undefined) return 1;
      return schema.exclusiveMinimum === true ? schema.minimum + 1 : schema.minimum;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** The object shape of a schema (first object option of a union), if it has one. */
export function objectShape(schema: JsonSchema): JsonSchema | null {
  return options(schema).find((option) => option.type === 'object' || option.properties !== undefined) ?? null;
}
