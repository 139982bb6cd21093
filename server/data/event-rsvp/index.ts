// A household's reply: the write (write.ts) and the read (read.ts); their statements are in server/db/queries.
export { loadRsvp } from './read';
export { createRsvp, updateRsvp, type AfterRsvpWrite, type RsvpOwner, type RsvpWriter } from './write';
