import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QUICK_SEARCH_MAX, QUICK_SEARCH_MIN, SIM_TOOLS_API, type QuickSearchHit } from '@cab/contract/sim-tools';
import { api, required } from '@/lib/api';
import './quick-search.css';

const DEBOUNCE_MS = 250;

/** Whether a key press belongs to a text field (then `/` is a character, not a shortcut). */
function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The header's quick search (ICCID, number, IMEI, name, external id): a combobox whose options jump
 * to a SIM, or to the SIM list filtered by the text. `/` anywhere focuses it.
 */
export function QuickSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The close a blur schedules (so a click on an option lands first); focusing or typing again cancels
  // it — else a blur by the page's own focus move closes the panel just opened by typing.
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reopen = () => {
    clearTimeout(closing.current);
    setOpen(true);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingInField(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const enabled = query.length >= QUICK_SEARCH_MIN;
  const search = useQuery({
    queryKey: ['sims', 'quick-search', query],
    queryFn: async ({ signal }) => required(await api.call(SIM_TOOLS_API.quickSearch, { q: query }, { signal })),
    enabled,
    staleTime: 15_000,
  });
  const hits = enabled ? (search.data?.items ?? []) : [];
  // The last option always opens the list filtered by the text.
  const optionCount = enabled ? hits.length + 1 : 0;

  function close(): void {
    setOpen(false);
    setActive(-1);
  }

  function goToSim(hit: QuickSearchHit): void {
    close();
    setText('');
    void navigate(`/sim/${hit.id}`);
  }

  function goToList(): void {
    const q = text.trim();
    if (q.length < QUICK_SEARCH_MIN) return;
    close();
    void navigate(`/list?${new URLSearchParams({ query: q.slice(0, 100), childs: '1' }).toString()}`);
  }

  function choose(index: number): void {
    const hit = hits[index];
    if (hit) goToSim(hit);
    else goToList();
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (optionCount === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + optionCount) % optionCount);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Enter with nothing highlighted: the only SIM found, else the filtered list.
      if (active >= 0) choose(active);
      else if (hits.length === 1 && query === text.trim()) choose(0);
      else goToList();
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        close();
      } else setText('');
    }
  }

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-opt-${index}`;
  const showPanel = open && text.trim().length > 0;

  return (
    <div className="quick-search" data-testid="quick-search">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('simTools.search.label')}
      </label>
      <i className="pi pi-search quick-search__icon" aria-hidden="true" />
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        className="quick-search__input p-inputtext p-component"
        role="combobox"
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showPanel && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts="/"
        placeholder={t('simTools.search.placeholder')}
        maxLength={QUICK_SEARCH_MAX}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          reopen();
          setActive(-1);
        }}
        onFocus={reopen}
        onBlur={() => {
          closing.current = setTimeout(close, 150);
        }}
        onKeyDown={onKeyDown}
        data-testid="quick-search-input"
      />
      <kbd className="quick-search__key" aria-hidden="true">
        /
      </kbd>
      {showPanel && (
        <div className="quick-search__panel" data-testid="quick-search-panel">
          {text.trim().length < QUICK_SEARCH_MIN ? (
            <p className="quick-search__hint">{t('simTools.search.tooShort', { min: QUICK_SEARCH_MIN })}</p>
          ) : search.isError ? (
            <p className="quick-search__hint" role="alert">
              {t('common.cantLoad')}
            </p>
          ) : search.isFetching && !search.data ? (
            <p className="quick-search__hint">{t('simTools.search.searching')}</p>
          ) : hits.length === 0 && enabled ? (
            <p className="quick-search__hint" role="status">
              {t('simTools.search.nothing')}
            </p>
          ) : null}
          <ul id={listId} role="listbox" aria-label={t('simTools.search.results')} className="quick-search__list">
            {hits.map((hit, index) => (
              <li
                key={hit.id}
                id={optionId(index)}
                role="option"
                aria-selected={active === index}
                className={`quick-search__option${active === index ? ' quick-search__option--active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => goToSim(hit)}
                data-testid="quick-search-hit"
              >
                <span className="mono">{hit.iccid}</span>
                <span className="quick-search__meta">
                  {[hit.msisdn, hit.name, hit.external_id, hit.imei ? `IMEI ${hit.imei}` : null, hit.company_name]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
            {enabled && (
              <li
                id={optionId(hits.length)}
                role="option"
                aria-selected={active === hits.length}
                className={`quick-search__option quick-search__option--all${active === hits.length ? ' quick-search__option--active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={goToList}
                data-testid="quick-search-all"
              >
                <i className="pi pi-list" aria-hidden="true" /> {t(search.data?.more ? 'simTools.search.allMore' : 'simTools.search.all', { q: text.trim() })}
              </li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
