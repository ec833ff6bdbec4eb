import { serviceConfigSchema } from '@pc/kit/config/service-config';

/** The affiliates service's environment: the common service variables. */
export const affiliatesConfigSchema = serviceConfigSchema({});
