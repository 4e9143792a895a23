import { loginCodeRequiredSchema, meResponseSchema } from '@ot/contracts/auth/auth-schemas.ts';
import { z } from 'zod';

/**
 * The auth answers' schemas that the PWA builds itself. Loaded beside the request that needs them
 * (auth-api.ts, login-code.ts), never in the first visit's JavaScript: zod stays out of it.
 */

/** The customer login's answers: signed in, or (CUSTOMER_LOGIN_CODE=1, a new device) a code to enter first. */
export const customerLoginAnswerSchema = z.union([meResponseSchema, loginCodeRequiredSchema]);

/** Sign Out answers with nothing the app reads. */
export const logoutAnswerSchema = z.unknown();
