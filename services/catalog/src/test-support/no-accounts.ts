import { AccountRoles } from '@pc/staff-access/account-roles';
import { StaffCheck } from '@pc/staff-access/staff-check';
import { UnavailableError } from '@pc/kit/errors/domain-errors';

/** For tests of parts below the admin writes: only internal (empty) actors pass, anyone else
 *  meets an accounts service that is down. Tests of the staff rule start the real accounts. */
export function staffWithoutAccounts(): StaffCheck {
  return new StaffCheck(
    new AccountRoles({ getUser: () => Promise.reject(new UnavailableError('no accounts service in this test')) }),
  );
}
