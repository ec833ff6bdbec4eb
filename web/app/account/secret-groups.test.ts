import { secretGroups } from './secret-groups';

describe('the app secret as the account page shows it for typing', () => {
  it('writes base32 in groups of four, upper case, without padding or spaces', () => {
    expect(secretGroups('jbswy3dpehpk3pxpjbswy3dpehpk3pxp')).toEqual([
      'JBSW',
      'Y3DP',
      'EHPK',
      '3PXP',
      'JBSW',
      'Y3DP',
      'EHPK',
      '3PXP',
    ]);
    expect(secretGroups('GEZD GNBV GY======')).toEqual(['GEZD', 'GNBV', 'GY']);
  });

  it('shows nothing for no secret', () => {
    expect(secretGroups('')).toEqual([]);
  });
});
