import type { User } from '@pc/proto/accounts/v1/types';
import { panelEnum, panelOf, type StaffPanel } from '@pc/staff-access/staff-panels';

export { panelEnum };

/** The panels whose role a user holds (is_admin and admin_panels, read as the services read them). */
export function panelsOf(user: User): StaffPanel[] {
  if (!user.isAdmin) return [];
  return user.adminPanels.map(panelOf).filter((panel): panel is StaffPanel => panel !== null);
}

export const holdsPanel = (user: User, panel: StaffPanel): boolean => panelsOf(user).includes(panel);
