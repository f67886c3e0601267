import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Skeleton } from 'primereact/skeleton';
import { FAQ_GROUPS, type FaqEntry } from '@cab/contract/content';
import { PageTitle } from '@/components/page-title';
import { currentLang } from '@/lib/i18n';
import { faqQueryOptions } from '../api/faq-api';
import { searchFaq } from './faq-search';
import '../faq.css';
import { QueryStates } from '@/components/query-states';

/** Route module /faq (react-router lazy convention: the page is the `Component` export). */
export function Component() {
  const { t, i18n } = useTranslation();
  const faq = useQuery(faqQueryOptions(currentLang()));
  const [query, setQuery] = useState('');
  const { hash } = useLocation();
  const anchor = decodeURIComponent(hash.replace(/^#/, ''));
  const found = useMemo(() => searchFaq(faq.data?.items ?? [], query), [faq.data, query]);
  const groups = FAQ_GROUPS.map((group) => ({ group, entries: found.filter((e) => e.group === group) })).filter((g) => g.entries.length > 0);

  // A deep link (/faq#question-id) opens its question and brings it into view once the list is there.
  useEffect(() => {
    if (!anchor || !faq.isSuccess) return;
    const target = document.getElementById(anchor);
    if (target instanceof HTMLDetailsElement) {
      target.open = true;
      target.scrollIntoView({ block: 'start' });
      target.querySelector('summary')?.focus();
    }
  }, [anchor, faq.isSuccess]);

  return (
    <div className="faq-page" lang={i18n.language}>
      <PageTitle>{t('pages.faq')}</PageTitle>
      <p className="faq-page__intro">{t('faq.intro')}</p>
      <div className="faq-search" role="search">
        <label htmlFor="faq-search" className="visually-hidden">
          {t('faq.search')}
        </label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id="faq-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('faq.searchPlaceholder')}
            maxLength={100}
            aria-describedby="faq-search-count"
            data-testid="faq-search"
          />
        </IconField>
        <span id="faq-search-count" className="faq-search__count" aria-live="polite" data-testid="faq-count">
          {faq.isSuccess && query.trim() ? t('faq.found', { count: found.length }) : ''}
        </span>
      </div>
      <QueryStates
        query={faq}
        pending={<Skeleton height="20rem" />}
        isEmpty={() => found.length === 0}
        empty={
          <p className="faq-empty" data-testid="faq-empty">
            {query.trim() ? t('faq.nothingFound') : t('faq.empty')}
          </p>
        }
      >
        {() =>
          groups.map(({ group, entries }) => (
            <section key={group} className="faq-group" aria-labelledby={`faq-group-${group}`}>
              <h2 id={`faq-group-${group}`}>{t(`faq.groups.${group}`)}</h2>
              {entries.map((entry) => (
                <FaqQuestion key={entry.id} entry={entry} open={anchor === entry.id || query.trim() !== ''} />
              ))}
            </section>
          ))
        }
      </QueryStates>
    </div>
  );
}

function FaqQuestion({ entry, open }: { entry: FaqEntry; open: boolean }) {
  const { t } = useTranslation();
  return (
    <details id={entry.id} className="faq-item" open={open} data-testid="faq-item">
      <summary>
        <span>{entry.question}</span>
      </summary>
      {/* HTML the server sanitized (allow-list) when root saved it. */}
      <div className="faq-item__answer" dangerouslySetInnerHTML={{ __html: entry.answer }} />
      <a className="faq-item__link" href={`#${entry.id}`}>
        <i className="pi pi-link" aria-hidden="true" /> {t('faq.link')}
        <span className="visually-hidden">: {entry.question}</span>
      </a>
    </details>
  );
}
