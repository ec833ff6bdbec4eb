import { serviceConfigSchema } from '@pc/kit/config/service-config';

/** The notifications service's environment: the common service variables. */
export const notificationsConfigSchema = serviceConfigSchema({});
