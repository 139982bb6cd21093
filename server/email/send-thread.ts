import { workerData } from 'node:worker_threads';
import { answerRequests } from '../helper-thread';
import { smtpTransport, type OutgoingMessage, type SendThreadData } from './transport';

/**
 * The email send thread's script (built to dist/server/email-send-thread.js): sends each message
 * it is asked to over its own pool of SMTP connections, and answers once the server took it.
 */
const { url, dkim } = workerData as SendThreadData;
const transport = smtpTransport(url, dkim);
answerRequests(async (message: OutgoingMessage) => {
  await transport.send(message);
  return null;
});
