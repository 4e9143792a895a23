import { z } from 'zod';

/** GET /api/config: the studio's public, non-secret settings (shown before anyone signs in). */
export const appConfigSchema = z.object({ studioName: z.string(), orderNumberPrefix: z.string() });
export type AppConfig = z.infer<typeof appConfigSchema>;
