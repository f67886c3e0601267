import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '@cab/contract/constants';

/*
 * A list's state in the URL, one way for every list: each parameter is a field that reads the raw
 * value (anything malformed falls back to its default) and writes it back, or null when it is the
 * default, so links stay short. The names are the spec's: pageIndex (one-based), pageSize, sortColumn,
 * sortType; a field's key is its name in the URL.
 */

export interface UrlField<T> {
  read: (raw: string | null) => T;
  /** The raw value, or null to leave it out of the URL (the default). */
  write: (value: T) => string | null;
}

export type UrlFields<S> = { [K in keyof S]: UrlField<S[K]> };

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  const value = Number(raw);
  return value > 0 ? value : null;
}

/** Free text, cut at `max` characters; empty is the default. */
export const text = (max = 100): UrlField<string> => ({
  read: (raw) => (raw ?? '').slice(0, max),
  write: (value) => value.trim() || null,
});

/** One of the listed values, or null. */
export const oneOf = <T extends string>(values: readonly T[]): UrlField<T | null> => ({
  read: (raw) => values.find((value) => value === raw) ?? null,
  write: (value) => value,
});

/** One of the listed values, `fallback` when absent or unknown (and then left out of the URL). */
export const oneOfOr = <T extends string>(values: readonly T[], fallback: T): UrlField<T> => ({
  read: (raw) => values.find((value) => value === raw) ?? fallback,
  write: (value) => (value === fallback ? null : value),
});

/** One of the listed numbers, `fallback` when absent or unknown. */
export const numberIn = <T extends number>(values: readonly T[], fallback: T): UrlField<T> => ({
  read: (raw) => values.find((value) => raw !== null && String(value) === raw) ?? fallback,
  write: (value) => (value === fallback ? null : String(value)),
});

/** A record's id, or null. */
export const id: UrlField<number | null> = {
  read: positiveInt,
  write: (value) => (value === null ? null : String(value)),
};

/** A flag: `1` when set. */
export const flag: UrlField<boolean> = {
  read: (raw) => raw === '1',
  write: (value) => (value ? '1' : null),
};

/** A string matching `pattern` (after `normalize`), else empty. */
/** A UTC day, YYYY-MM-DD, or null (a log's `from` and `to`). */
export const isoDay: UrlField<string | null> = {
  read: (raw) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : null),
  write: (value) => value,
};

export const matching = (pattern: RegExp, normalize: (raw: string) => string = (raw) => raw): UrlField<string> => ({
  read: (raw) => {
    const value = normalize(raw ?? '');
    return pattern.test(value) ? value : '';
  },
  write: (value) => value || null,
});

/** The page, one-based as the user sees it. */
export const pageIndex: UrlField<number> = {
  read: (raw) => positiveInt(raw) ?? 1,
  write: (value) => (value === 1 ? null : String(value)),
};

/** Rows per page, at most `max`; `fallback` when absent or out of bounds. */
export const pageSizeOf = (fallback: number, max: number): UrlField<number> => ({
  read: (raw) => {
    const value = positiveInt(raw);
    return value !== null && value <= max ? value : fallback;
  },
  write: (value) => (value === fallback ? null : String(value)),
});

/** Rows per page of a list, at most MAX_PAGE_SIZE. */
export const pageSize = pageSizeOf(PAGE_SIZE, MAX_PAGE_SIZE);

export type SortType = 'asc' | 'desc';
/** Written whenever the sort column is (`sortType=asc` included): see urlState's `companions`. */
export const sortType: UrlField<SortType> = {
  read: (raw) => (raw === 'desc' ? 'desc' : 'asc'),
  write: (value) => value,
};

/** Reads and writes one list's state with its fields. */
export interface UrlState<S> {
  parse: (params: URLSearchParams) => S;
  write: (state: S) => URLSearchParams;
  /** The state the address bar holds now (see useUrlState). */
  live: () => S;
}

export interface UrlStateOptions<S> {
  /** Another URL name for a field, where links already carry one (the spec's `empty_name`). */
  names?: Partial<Record<keyof S, string>>;
  /** A field written only together with another (sortType with sortColumn). */
  companions?: Partial<Record<keyof S, keyof S>>;
}

export function urlState<S>(fields: UrlFields<S>, options: UrlStateOptions<NoInfer<S>> = {}): UrlState<S> {
  const keys = Object.keys(fields) as (keyof S & string)[];
  const nameOf = (key: keyof S & string) => options.names?.[key] ?? key;
  const parse = (params: URLSearchParams): S =>
    Object.fromEntries(keys.map((key) => [key, fields[key].read(params.get(nameOf(key)))])) as S;
  return {
    parse,
    write: (state) => {
      const params = new URLSearchParams();
      for (const key of keys) {
        const companion = options.companions?.[key];
        if (companion !== undefined && fields[companion].write(state[companion]) === null) continue;
        const raw = fields[key].write(state[key]);
        if (raw !== null) params.set(nameOf(key), raw);
      }
      return params;
    },
    live: () => parse(new URLSearchParams(window.location.search)),
  };
}

/**
 * The list's state from the URL, and a setter that applies a change to it. The router draws a
 * navigation in a transition, so for a moment after a click the rendered state is the one before it:
 * a change builds on the state the address bar holds now, so a quick second click (a header's second
 * click, the next page) is never lost.
 */
export function useUrlState<S>(codec: UrlState<S>): [S, (patch: Partial<S>) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => codec.parse(params), [codec, params]);
  // Stable, so that a filter may name it in an effect's dependencies.
  const setLatest = useRef(setParams);
  useLayoutEffect(() => {
    setLatest.current = setParams;
  });
  const update = useCallback((patch: Partial<S>) => setLatest.current(codec.write({ ...codec.live(), ...patch })), [codec]);
  return [state, update];
}
