import { serviceConfigSchema } from '@pc/kit/config/service-config';

/** The offers service's environment: the common service variables. */
export const offersConfigSchema = serviceConfigSchema({});
