import { useTranslation } from 'react-i18next';
import type { NewsItem } from '@cab/contract/news';
import { formatUnixDate } from '@/lib/format-date';

export function NewsCard({ item }: { item: NewsItem }) {
  const { i18n } = useTranslation();
  return (
    <article className="news-card" data-testid="news-card">
      {item.image && <img className="news-card__image" src={item.image} alt="" loading="lazy" />}
      <div className="news-card__body">
        <h3 className="news-card__title">{item.title}</h3>
        <time className="news-card__date">{formatUnixDate(item.added, i18n.language)}</time>
        {/* Operator-written trusted HTML (contract news.ts). */}
        <div className="news-card__text" dangerouslySetInnerHTML={{ __html: item.text }} />
      </div>
    </article>
  );
}
