import { answerRequests } from '../helper-thread';
import { renderEmailHere } from './render-email';

/**
 * The email render thread's script (built to dist/server/email-render-thread.js): renders each
 * message it is asked for and answers the HTML and text.
 */
answerRequests(renderEmailHere);
