import type { z } from 'zod';
import {
  notificationPreferencesSchema,
  pushSubscribedSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  vapidPublicKeySchema,
} from '../push/push-views.ts';
import { type Operation, successSchema } from './operation.ts';

/**
 * Push messages to a customer's devices (and a staff member's, for the attention list): the key to subscribe
 * with, subscriptions, and a customer's choice of channels.
 */

const json = (schema: z.ZodType) => ({ 'application/json': schema });
const tag = 'push';

export const pushOperations: readonly Operation[] = [
  {
    method: 'get',
    path: '/api/push/vapid-public-key',
    operationId: 'getVapidPublicKey',
    summary: "The studio's VAPID public key, the browser's applicationServerKey (customers and staff)",
    tag,
    role: 'signed-in',
    answers: { 200: { description: 'The key, base64url', content: json(vapidPublicKeySchema) } },
  },
  {
    method: 'post',
    path: '/api/push/subscriptions',
    operationId: 'subscribePush',
    summary:
      "Subscribe this device (the browser's PushSubscription JSON): a customer's to their orders' updates, a staff member's to what enters Needs attention; 400 unless the endpoint is a browser's push service or listed in PUSH_SERVICE_ORIGINS",
    tag,
    role: 'signed-in',
    body: { content: json(pushSubscriptionSchema), required: true },
    answers: { 201: { description: 'Subscribed', content: json(pushSubscribedSchema) } },
  },
  {
    method: 'delete',
    path: '/api/push/subscriptions',
    operationId: 'unsubscribePush',
    summary: "Unsubscribe a device of the signed-in user's (turned off, or signing out)",
    tag,
    role: 'signed-in',
    body: { content: json(pushUnsubscribeSchema), required: true },
    answers: { 200: { description: 'No longer subscribed', content: json(successSchema) } },
  },
  {
    method: 'get',
    path: '/api/push/preferences',
    operationId: 'getNotificationPreferences',
    summary: 'How the customer hears of updates: email, push or both',
    tag,
    role: 'customer',
    answers: {
      200: { description: 'The choice (both until one is made)', content: json(notificationPreferencesSchema) },
    },
  },
  {
    method: 'put',
    path: '/api/push/preferences',
    operationId: 'setNotificationPreferences',
    summary: 'Choose email, push or both',
    tag,
    role: 'customer',
    body: { content: json(notificationPreferencesSchema), required: true },
    answers: { 200: { description: 'The choice saved', content: json(notificationPreferencesSchema) } },
  },
];
