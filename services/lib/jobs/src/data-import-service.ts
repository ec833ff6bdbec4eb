import { DataImportServiceService } from '@pc/proto/staff/v1/data_import';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import type { DataImports } from './data-import.js';

/** pricecompare.staff.v1.DataImportService over a service's imports: the dry run and the confirmation. */
export function dataImportService(imports: DataImports): ServiceRegistration {
  return serviceRegistration('pricecompare.staff.v1.DataImportService', DataImportServiceService, {
    checkImport: async (request) => {
      const report = await imports.check(request.actorUserId.trim(), request.entity, request.rowsJson);
      return { ...report, violations: [...report.violations] };
    },
    confirmImport: async (request) => {
      const importId = request.importId.trim();
      if (!importId) throw new InvalidArgumentError([{ field: 'import_id', reason: 'is required', rule: 'required' }]);
      return { jobId: await imports.confirm(request.actorUserId.trim(), importId) };
    },
  });
}
