import { useLoaderData } from '@remix-run/react';
import { useT } from '../i18n/use-t';
import type { AuditRow } from '../services/audit.server';
import type { TablePage, TableQuery } from '../tables/table-query';
import { DataTable } from './DataTable';

interface AuditData {
  readonly services: readonly string[];
  readonly service: string;
  readonly query: TableQuery;
  readonly page: TablePage<AuditRow>;
  readonly path: string;
}

/** A panel's audit log page: who changed what and when, with the entity before and after. */
export function AuditView() {
  const t = useT();
  const { services, service, query, page, path } = useLoaderData() as unknown as AuditData;
  return (
    <>
      <h1>{t('audit.title')}</h1>
      <DataTable<AuditRow>
        caption={`${t('audit.title')} · ${service}`}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <label htmlFor="filter-service">{t('audit.service')}</label>
            <select id="filter-service" name="service" defaultValue={service}>
              {services.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
            <label>
              {t('audit.what')} <input name="action" defaultValue={query.filters.action ?? ''} size={16} />
            </label>
            <label>
              {t('audit.entity')} <input name="entityId" defaultValue={query.filters.entityId ?? ''} size={16} />
            </label>
            <label>
              {t('audit.who')} <input name="by" defaultValue={query.filters.by ?? ''} size={16} />
            </label>
          </>
        }
        columns={[
          {
            key: 'at',
            label: t('audit.when'),
            sort: 'at',
            render: (row) => <time dateTime={row.at}>{row.at.replace('T', ' ').slice(0, 19)}</time>,
          },
          { key: 'who', label: t('audit.who'), render: (row) => row.actor || t('audit.internal') },
          { key: 'what', label: t('audit.what'), render: (row) => <code>{row.action}</code> },
          { key: 'entity', label: t('audit.entity'), render: (row) => row.entity },
          {
            key: 'change',
            label: t('audit.change'),
            render: (row) => (
              <details>
                <summary>{t('audit.change')}</summary>
                <pre className="json">{row.before || t('app.none')}</pre>
                <pre className="json">{row.after || t('app.none')}</pre>
                {row.truncated ? t('audit.truncated') : null}
              </details>
            ),
          },
        ]}
      />
    </>
  );
}
