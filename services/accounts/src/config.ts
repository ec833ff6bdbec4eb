import { serviceConfigSchema } from '@pc/kit/config/service-config';

/** The accounts service's environment: the common service variables. */
export const accountsConfigSchema = serviceConfigSchema({});
