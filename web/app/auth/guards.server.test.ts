import { User } from '@pc/proto/accounts/v1/types';
import { loginUrl, requireAdmin, requireGuest, requireUser } from './guards.server';

const visitor = async () => null;
const user = async () => User.fromPartial({ id: 'u1', name: 'Anna' });
const admin = async () => User.fromPartial({ id: 'u2', name: 'Root', isAdmin: true });
const page = (path: string) => new Request(`http://site.test${path}`);

/** The redirect a guard threw, as status and Location. */
async function thrown(guard: Promise<unknown>): Promise<[number, string | null] | 'passed'> {
  try {
    await guard;
    return 'passed';
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return [error.status, error.headers.get('Location')];
  }
}

describe('route guards (spec §2.5)', () => {
  it('sends a visitor of a sign-in route to login with the target path', async () => {
    expect(await thrown(requireUser(page('/de-ch/favourites/all?page=2'), visitor))).toEqual([
      302,
      '/de-ch/login?redirect=%2Fde-ch%2Ffavourites%2Fall%3Fpage%3D2',
    ]);
    expect(await thrown(requireUser(page('/account/alerts'), visitor))).toEqual([
      302,
      '/en-ch/login?redirect=%2Faccount%2Falerts',
    ]);
    expect(await requireUser(page('/account'), user)).toMatchObject({ id: 'u1' });
    expect(loginUrl(page('/fr/products/x'))).toBe('/fr/login?redirect=%2Ffr%2Fproducts%2Fx');
  });

  it('sends non-admins home from admin routes and visitors to login', async () => {
    expect(await thrown(requireAdmin(page('/de/admin/users'), user))).toEqual([302, '/de']);
    expect(await thrown(requireAdmin(page('/de/admin/users'), visitor))).toEqual([
      302,
      '/de/login?redirect=%2Fde%2Fadmin%2Fusers',
    ]);
    expect(await requireAdmin(page('/de/admin/users'), admin)).toMatchObject({ isAdmin: true });
  });

  it('lets visitors onto guest-only routes, sends users home and admins to the admin site', async () => {
    expect(await thrown(requireGuest(page('/fr-ch/login'), visitor))).toBe('passed');
    expect(await thrown(requireGuest(page('/fr-ch/login'), user))).toEqual([302, '/fr-ch']);
    expect(await thrown(requireGuest(page('/fr-ch/login'), admin))).toEqual([302, '/admin']);
  });
});
