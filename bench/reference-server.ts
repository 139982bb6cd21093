import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/** The reference: a bare Hono JSON route on the same runtime, answering a guest-sized object. */
const app = new Hono();
const body = {
  id: 'AbCdEfGhIjKl',
  occasionId: 'MnOpQrStUvWx',
  householdId: 'YzAbCdEfGhIj',
  firstName: 'Olivia',
  lastName: 'García',
  email: 'olivia.garcia@example.com',
  phone: '',
  ageGroup: 'ADULT',
  plusOneAllowed: false,
  plusOneOf: null,
  dietaryNotes: '',
  attributes: {},
  notes: '',
  invitations: [],
  createdAt: '2026-11-21T12:00:00.000Z',
  updatedAt: '2026-11-21T12:00:00.000Z',
};
app.get('/reference', (c) => c.json(body));
serve({ fetch: app.fetch, port: Number(process.env.PORT) }, () => console.log('ready'));
