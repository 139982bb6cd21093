import type * as v from 'valibot';
import type {
  EventHouseholdUpdateSchema,
  GuestCodeCredentialsSchema,
  GuestNameCredentialsSchema,
  RsvpSchema,
} from '../schemas/event';
import type { ErasureRequestCreateSchema } from '../schemas/guest-data';

/** Body of `POST /event/v1/auth/credentials`: by invite code, or by name (and passcode). */
export type GuestSignInBody = v.InferInput<typeof GuestCodeCredentialsSchema> | v.InferInput<typeof GuestNameCredentialsSchema>;

/** Guest credentials of one occasion's sign-in form: {@link GuestSignInBody} without `occasionId`. */
export type GuestCredentialsInput = GuestSignInBody extends infer B ? (B extends unknown ? Omit<B, 'occasionId'> : never) : never;

/** Body of `PUT /event/v1/household`. */
export type EventHouseholdUpdateBody = v.InferInput<typeof EventHouseholdUpdateSchema>;

/** Body of `POST` and `PUT /event/v1/rsvp`. */
export type RsvpBody = v.InferInput<typeof RsvpSchema>;

/** Body of `POST /event/v1/erasure-request`: an optional message to the hosts. */
export type ErasureRequestBody = v.InferInput<typeof ErasureRequestCreateSchema>;
