/** Host statuses as the crawler panel names and filters them (the crawler's HostStatus). */
export const HOST_STATUSES = ['active', 'paused', 'backing_off', 'disallowed'] as const;
export type HostStatusName = (typeof HOST_STATUSES)[number];
