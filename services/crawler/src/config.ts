import { serviceConfigSchema } from '@pc/kit/config/service-config';

/** The crawler service's environment: the common service variables. */
export const crawlerConfigSchema = serviceConfigSchema({});
