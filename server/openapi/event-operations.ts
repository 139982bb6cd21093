import * as v from 'valibot';
import {
  ErasureRequestCreateSchema,
  EventHouseholdUpdateSchema,
  GuestCodeCredentialsSchema,
  GuestNameCredentialsSchema,
  PrivacyNoteQuerySchema,
  RsvpSchema,
} from '../../core/schemas';
import { nullable, ref } from './json-schema';
import type { OperationTable } from './operation';

const SIGN_IN = 'Sign-in';
const HOUSEHOLD = 'Household';
const RSVP = 'RSVP';
const PRIVACY = 'Privacy';

/** The guest area's routes, keyed `METHOD /path` as registered under `/event/v1`. */
export const EVENT_OPERATIONS: OperationTable = {
  'GET /openapi.json': {
    summary: 'This document',
    tag: 'Reference',
    caller: 'anyone',
    description: 'The guest area as OpenAPI 3.1. Public and cacheable; the host area’s is at `/host/v1/openapi.json`.',
    answers: { 200: { type: 'object' } },
  },
  'POST /auth/credentials': {
    summary: 'Sign in',
    tag: SIGN_IN,
    caller: 'anyone',
    description:
      'By invite code, or by name (and the occasion’s passcode when it has one). Every failure answers the same 401 `INVALID_CREDENTIALS` in the same time. ' +
      'The answer’s `token` is the session: send it as `Authorization: Bearer`; it is also set as the `kindly_guest` cookie.',
    body: v.union([GuestCodeCredentialsSchema, GuestNameCredentialsSchema]),
    answers: { 200: ref('GuestSignIn') },
    errors: [401, 429],
  },
  'GET /auth/session/:occasionId': {
    summary: 'The session for an occasion',
    tag: SIGN_IN,
    caller: 'guest-if-any',
    description: '`null` when there is no live session for that occasion.',
    answers: { 200: nullable(ref('GuestSession')) },
  },
  'POST /auth/signout': { summary: 'Sign out', tag: SIGN_IN, caller: 'guest-if-any', answers: { 204: 'none' } },
  'GET /info': { summary: 'The occasion and what the household is invited to', tag: HOUSEHOLD, caller: 'guest', answers: { 200: ref('EventInfo') } },
  'GET /household': { summary: 'Read the household', tag: HOUSEHOLD, caller: 'guest', answers: { 200: ref('EventHousehold') } },
  'PUT /household': {
    summary: 'Correct the household’s details',
    tag: HOUSEHOLD,
    caller: 'guest',
    body: EventHouseholdUpdateSchema,
    answers: { 200: ref('EventHousehold') },
    errors: [429],
  },
  'GET /rsvp': { summary: 'Read the reply', tag: RSVP, caller: 'guest', description: '`null` until the household has replied.', answers: { 200: nullable(ref('Rsvp')) } },
  'POST /rsvp': {
    summary: 'Reply',
    tag: RSVP,
    caller: 'guest',
    description: '403 `RSVP_CLOSED` after the deadline; 409 `RSVP_EXISTS` once the household has replied.',
    body: RsvpSchema,
    answers: { 201: ref('Rsvp') },
    errors: [409, 429],
  },
  'PUT /rsvp': {
    summary: 'Change the reply',
    tag: RSVP,
    caller: 'guest',
    description: '403 `RSVP_CLOSED` after the deadline; 404 before the first reply.',
    body: RsvpSchema,
    answers: { 200: ref('Rsvp') },
    errors: [404, 429],
  },
  'GET /privacy': {
    summary: 'The occasion’s privacy note',
    tag: PRIVACY,
    caller: 'anyone',
    description: 'The occasion’s title and the hosts’ note (or Kindly’s default), nothing of its guests. An unknown occasion is 404.',
    query: PrivacyNoteQuerySchema,
    answers: { 200: ref('PrivacyNote') },
    errors: [404],
  },
  'GET /household/data': {
    summary: 'Download the household’s data',
    tag: PRIVACY,
    caller: 'guest',
    description: 'Everything Kindly keeps about the guest’s own household: its members, their reply and answers, and its erasure requests. Not the hosts’ notes and tags.',
    answers: { 200: ref('HouseholdData') },
  },
  'POST /erasure-request': {
    summary: 'Ask the hosts to erase the household',
    tag: PRIVACY,
    caller: 'guest',
    description: 'The first request answers 201 and emails the owners; while it is open, sending again answers 200 with it and records nothing.',
    body: ErasureRequestCreateSchema,
    answers: { 200: ref('GuestErasureRequest'), 201: ref('GuestErasureRequest') },
    errors: [429],
  },
};
