import { Form, Link } from '@remix-run/react';
import { MAX_SEARCH_LENGTH } from '~/search/search-limits';
import { useSite } from '~/site/use-site';
import { useCount } from '../common/Count';

interface TreeItem {
  readonly id: string;
  readonly name: string;
  readonly count: number;
  readonly href: string;
  readonly children: readonly TreeItem[];
}

/** The categories as a tree (spec §2.2): nested lists, each category once, with its product count. */
export function CategoryTree({ title, roots }: { title: string; roots: readonly TreeItem[] }) {
  const { t } = useSite();
  const count = useCount();
  const branch = (items: readonly TreeItem[], level: number) => (
    <ul className={level === 0 ? 'category-tree' : undefined}>
      {items.map((item) => (
        <li key={item.id}>
          <Link to={item.href}>{item.name}</Link> <span className="muted">{count('counts.products', item.count)}</span>
          {item.children.length > 0 ? branch(item.children, level + 1) : null}
        </li>
      ))}
    </ul>
  );
  return (
    <main id="main">
      <h1>{title}</h1>
      <Form method="get" className="list-toolbar" role="search" aria-label={t('lists.filter')}>
        <label>
          {t('lists.filter')}
          <input type="search" name="search" maxLength={MAX_SEARCH_LENGTH} />
        </label>
        <button type="submit">{t('lists.filterButton')}</button>
      </Form>
      {/* The categories as a list, most clicked first (search's category list). */}
      <p>
        <Link to="?sort=popular">{t('lists.sorts.popular')}</Link>
      </p>
      {roots.length === 0 ? <p>{t('lists.empty')}</p> : branch(roots, 0)}
    </main>
  );
}
