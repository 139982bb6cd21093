// A household's reply: its statements (queries.ts), the write (write.ts) and the read (read.ts).
export { loadRsvp } from './read';
export { createRsvp, updateRsvp, type AfterRsvpWrite, type RsvpOwner, type RsvpWriter } from './write';
