import { status as GrpcStatus } from '@grpc/grpc-js';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { FormError, StaffForm } from '../components/staff-form';
import { pickLanguage } from '../i18n/language.server';
import { translator } from '../i18n/languages';
import { useT } from '../i18n/use-t';
import {
  EXPORT_ENTITIES,
  EXPORT_FORMATS,
  IMPORT_COLUMNS,
  IMPORT_ENTITIES,
  isImportEntity,
} from '../panels/infrastructure/data-transfer';
import { importWrites } from '../panels/infrastructure/import-writes.server';
import { MAX_UPLOAD_BYTES, uploadRows } from '../panels/infrastructure/upload-rows.server';
import { panelPath } from '../panels/panels';
import { checkImport } from '../services/imports.server';
import { staffWrite } from '../writes/staff-write.server';
import type { WriteState } from '../writes/write-state';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'infrastructure');
  return data({ path: panelPath('infrastructure', 'data') }, { headers: { 'Set-Cookie': context.setCookie } });
}

interface ImportReportState {
  readonly stage: 'report';
  readonly entity: string;
  readonly fileName: string;
  readonly rows: number;
  readonly validRows: number;
  readonly violations: readonly { row: number; field: string; reason: string }[];
  readonly importId: string;
}

type CheckState = ImportReportState | { readonly stage: 'upload-error'; readonly errors: Record<string, string> };

/**
 * The upload's dry run (`_intent=check`): the file's rows are checked by the service that owns
 * the data and reported row by row — nothing is written. The confirmation (`_intent=confirm`) is
 * a staff write like any other: confirmed, then applied by the service as a job.
 */
export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES) {
    const t = translator((await pickLanguage(request)).language);
    return data({ stage: 'upload-error', errors: { file: t('data.tooLarge') } } satisfies CheckState, { status: 413 });
  }
  const form = await request.clone().formData();
  if (form.get('_intent') !== 'check')
    return staffWrite(request, 'infrastructure', importWrites(), loadContext as { clientIp?: unknown });
  const context = await requireStaff(request, 'infrastructure');
  const headers = { 'Set-Cookie': context.setCookie };
  const t = translator((await pickLanguage(request)).language);
  const fail = (errors: Record<string, string>, status = 400) =>
    data({ stage: 'upload-error', errors } satisfies CheckState, { status, headers });
  if (form.get('_csrf') !== context.session.csrf) return fail({ _form: t('field.csrf') }, 403);
  const entity = String(form.get('entity') ?? '');
  const file = form.get('file');
  const errors: Record<string, string> = {};
  if (!isImportEntity(entity)) errors.entity = t('field.required');
  if (!(file instanceof File) || file.size === 0) errors.file = t('data.noFile');
  if (!isImportEntity(entity) || !(file instanceof File) || file.size === 0) return fail(errors);
  const format = /\.jsonl?$/i.test(file.name) || file.type.includes('json') ? 'jsonl' : 'csv';
  const parsed = uploadRows(await file.text(), format);
  if ('error' in parsed) return fail({ file: t('data.unreadable', { reason: parsed.error }) });
  if (parsed.rows.length === 0) return fail({ file: t('data.noRows') });
  try {
    const report = await checkImport(context.user.id, entity, parsed.rows);
    return data({ stage: 'report', entity, fileName: file.name, ...report } satisfies CheckState, { headers });
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.PERMISSION_DENIED)
      return fail({ _form: t('write.refused', { reason: error.details }) }, 403);
    if (error instanceof RpcError && error.code === GrpcStatus.INVALID_ARGUMENT)
      return fail({ file: error.violations.map((v) => `${v.field}: ${v.reason}`).join('; ') || error.details });
    throw error;
  }
}

/** The data area: every export as a streamed CSV or JSON Lines download; imports checked row by row before anything is written. */
export default function DataArea() {
  const t = useT();
  const { path } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as CheckState | WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={path} />;
  const report = state?.stage === 'report' ? state : undefined;
  const errors =
    state?.stage === 'upload-error' || state?.stage === 'errors' ? (state.errors as Record<string, string>) : undefined;
  return (
    <>
      <h1>{t('data.title')}</h1>
      <h2>{t('data.export')}</h2>
      <p>{t('data.exportHelp')}</p>
      <table className="exports">
        <thead>
          <tr>
            <th scope="col">{t('data.entity')}</th>
            <th scope="col">{t('data.download')}</th>
          </tr>
        </thead>
        <tbody>
          {EXPORT_ENTITIES.map((entity) => (
            <tr key={entity}>
              <th scope="row">{t(`data.entity.${entity}`)}</th>
              <td>
                {EXPORT_FORMATS.map((format) => (
                  <a key={format} className="export-link" href={`${path}/export/${entity}?format=${format}`} download>
                    {format === 'csv' ? 'CSV' : 'JSON Lines'}
                  </a>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>{t('data.import')}</h2>
      <p>{t('data.importHelp')}</p>
      <details className="import-columns">
        <summary>{t('data.columns')}</summary>
        <dl>
          {Object.entries(IMPORT_COLUMNS).map(([entity, columns]) => (
            <div key={entity}>
              <dt>{t(`data.entity.${entity}`)}</dt>
              <dd>
                <code>{columns.join(', ')}</code>
              </dd>
            </div>
          ))}
        </dl>
      </details>
      <StaffForm intent="check" label={t('data.import')} encType="multipart/form-data">
        <FormError errors={errors} />
        <label htmlFor="import-entity">{t('data.entity')}</label>
        <select id="import-entity" name="entity" defaultValue={report?.entity ?? ''} aria-describedby="entity-error">
          <option value="">{t('data.chooseEntity')}</option>
          {Object.keys(IMPORT_ENTITIES).map((entity) => (
            <option key={entity} value={entity}>
              {t(`data.entity.${entity}`)}
            </option>
          ))}
        </select>
        {errors?.entity ? (
          <span className="field-error" id="entity-error" role="alert">
            {errors.entity}
          </span>
        ) : null}
        <label htmlFor="import-file">{t('data.file')}</label>
        <input
          id="import-file"
          type="file"
          name="file"
          accept=".csv,.jsonl,.json,text/csv"
          aria-describedby="file-error"
        />
        {errors?.file ? (
          <span className="field-error" id="file-error" role="alert">
            {errors.file}
          </span>
        ) : null}
        <button type="submit">{t('data.check')}</button>
      </StaffForm>

      {report ? (
        <section className="import-report" aria-labelledby="report-title">
          <h2 id="report-title" tabIndex={-1}>
            {t('data.report', { file: report.fileName })}
          </h2>
          <p role="status">
            {t('data.reportSummary', {
              rows: report.rows,
              valid: report.validRows,
              bad: report.rows - report.validRows,
            })}
          </p>
          {report.violations.length > 0 ? (
            <>
              <p className="warning">{t('data.nothingWritten')}</p>
              <table className="violations">
                <caption>{t('data.violations')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('data.row')}</th>
                    <th scope="col">{t('data.field')}</th>
                    <th scope="col">{t('data.reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.violations.map((violation, index) => (
                    <tr key={index}>
                      <td className="numeric">{violation.row}</td>
                      <td>{violation.field || t('app.none')}</td>
                      <td>{violation.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : null}
          {report.importId ? (
            <StaffForm intent="confirm" label={t('data.confirmImport', { rows: report.rows })}>
              <input type="hidden" name="entity" value={report.entity} />
              <input type="hidden" name="importId" value={report.importId} />
              <input type="hidden" name="rows" value={report.rows} />
              <button type="submit">{t('data.confirmImport', { rows: report.rows })}</button>
            </StaffForm>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
