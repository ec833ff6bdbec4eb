import type { PageRequest, PageResponse } from '@pc/proto/common/v1/paging';
import type { TablePage, TableQuery } from './table-query';

type Asked = Pick<TableQuery, 'page' | 'size'>;

/** The page a table asks a service for: the URL's page and size, as every list call takes them. */
export const pageRequest = (asked: Asked): PageRequest => ({ page: asked.page, hitsPerPage: asked.size });

/**
 * A service's page as a table shows it. The service's page number wins (it says which page it
 * returned); without an answer the table keeps the page asked for. A total the service stopped
 * counting is marked so the table writes it "1000+".
 */
export function tablePage<Row>(rows: readonly Row[], answered: PageResponse | undefined, asked: Asked): TablePage<Row> {
  return {
    rows,
    page: answered?.page || asked.page,
    size: asked.size,
    total: answered?.total ?? 0,
    pages: answered?.pages ?? 0,
    ...(answered?.totalIsLowerBound ? { totalIsLowerBound: true } : {}),
  };
}

/** No rows (a filter the service refused, nothing to ask for) on the page asked for. */
export const emptyTablePage = <Row>(asked: Asked): TablePage<Row> => tablePage<Row>([], undefined, asked);
