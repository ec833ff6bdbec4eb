import { serviceConfigSchema } from '@pc/kit/config/service-config';

/** The catalog's environment: the common service variables (it calls no peer yet). */
export const catalogConfigSchema = serviceConfigSchema({});
