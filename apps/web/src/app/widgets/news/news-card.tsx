import type { NewsItem } from '@cab/contract/news';
import { formatUnixDate } from '@/lib/format-date';

export function NewsCard({ item }: { item: NewsItem }) {
  return (
    <article className="news-card" data-testid="news-card">
      {item.image && <img className="news-card__image" src={item.image} alt="" loading="lazy" />}
      <div className="news-card__body">
        <h3 className="news-card__title">{item.title}</h3>
        <time className="news-card__date">{formatUnixDate(item.added)}</time>
        {/* Operator-written trusted HTML (contract news.ts). */}
        <div className="news-card__text" dangerouslySetInnerHTML={{ __html: item.text }} />
      </div>
    </article>
  );
}
