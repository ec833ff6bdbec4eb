import { DataImportServiceService } from '@pc/proto/staff/v1/data_import';
import { IMPORT_ENTITIES, type ImportEntity } from '../panels/infrastructure/data-transfer';
import { SERVICE_ADDRESSES } from './addresses.server';
import { client } from './grpc.server';

/** A dry run checks every row of an upload: longer than a page's call. */
const CHECK_DEADLINE_MS = 120_000;

const imports = (entity: ImportEntity) =>
  client(DataImportServiceService, SERVICE_ADDRESSES[IMPORT_ENTITIES[entity]], CHECK_DEADLINE_MS);

/** The dry run of an upload in the service that owns the data: its row-level report, nothing written. */
export async function checkImport(actorUserId: string, entity: ImportEntity, rowsJson: readonly string[]) {
  const report = await imports(entity).checkImport({ actorUserId, entity, rowsJson: [...rowsJson] });
  return {
    rows: report.rows,
    validRows: report.validRows,
    violations: report.violations.map(({ row, field, reason }) => ({ row, field, reason })),
    importId: report.importId,
  };
}

/** Confirms a checked upload: the owning service applies it as a job; answers the job's id. */
export async function confirmImport(actorUserId: string, entity: ImportEntity, importId: string): Promise<string> {
  return (await imports(entity).confirmImport({ actorUserId, importId })).jobId;
}
