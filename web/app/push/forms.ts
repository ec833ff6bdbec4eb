import { z } from 'zod';

/** The test widget of spec §2.8 (`POST /api/notify`): a username and a message. */
export const notifyForm = z.object({
  username: z.string().trim().min(1, 'is required').max(100),
  message: z.string().trim().min(1, 'is required').max(500),
  title: z.string().max(100).default(''),
});
