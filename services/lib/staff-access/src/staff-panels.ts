import { AdminPanel } from '@pc/proto/accounts/v1/types';

/**
 * The staff panels (spec §2.4), each a role of its own: `staff:shopping`, `staff:admin`,
 * `staff:infrastructure`, `staff:affiliates`, `staff:crawler`. The job dashboard is part of the
 * infrastructure panel. Accounts keeps them as `User.admin_panels`.
 */
export const STAFF_PANELS = ['shopping', 'admin', 'infrastructure', 'affiliates', 'crawler'] as const;

export type StaffPanel = (typeof STAFF_PANELS)[number];

const PANEL_ENUM: Readonly<Record<StaffPanel, AdminPanel>> = {
  shopping: AdminPanel.ADMIN_PANEL_SHOPPING,
  admin: AdminPanel.ADMIN_PANEL_ADMIN,
  infrastructure: AdminPanel.ADMIN_PANEL_INFRASTRUCTURE,
  affiliates: AdminPanel.ADMIN_PANEL_AFFILIATES,
  crawler: AdminPanel.ADMIN_PANEL_CRAWLER,
};

export const isStaffPanel = (value: string): value is StaffPanel => (STAFF_PANELS as readonly string[]).includes(value);

export const panelEnum = (panel: StaffPanel): AdminPanel => PANEL_ENUM[panel];

/** The panel of an enum value; null for UNSPECIFIED and for values that are no panel of their own (JOBS). */
export function panelOf(value: AdminPanel): StaffPanel | null {
  return STAFF_PANELS.find((panel) => PANEL_ENUM[panel] === value) ?? null;
}

/** The role's name as people read it: `staff:crawler`. */
export const roleName = (panel: StaffPanel): string => `staff:${panel}`;
