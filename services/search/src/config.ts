import { serviceConfigSchema } from '@pc/kit/config/service-config';

/** The search service's environment: the common service variables. */
export const searchConfigSchema = serviceConfigSchema({});
