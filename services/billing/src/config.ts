import { serviceConfigSchema } from '@pc/kit/config/service-config';

/** The billing service's environment: the common service variables. */
export const billingConfigSchema = serviceConfigSchema({});
