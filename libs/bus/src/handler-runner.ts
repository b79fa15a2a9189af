import type { BusHandler, BusMessage } from './bus.js';
import { BusError, isBusError, type BusErrorCode } from './bus-error.js';
import { decodePayload, encodePayload } from './json-payload.js';

/** How an adapter sends the reply to a request it delivered. */
export interface ReplyChannel {
  send(payload: Uint8Array): void;
  /** Tells the requester the handler failed, without saying why. */
  sendHandlerError(): void;
}

export interface Delivery {
  readonly subject: string;
  readonly payload: Uint8Array;
  /** Present when the message is a request. */
  readonly reply: ReplyChannel | undefined;
}

export interface RunContext {
  readonly maxPayloadBytes: number;
  readonly onError: (error: BusError) => void;
}

/** The body of a handler_error reply, for whoever else listens on the reply subject. */
export const HANDLER_ERROR_BODY = { error: 'handler_error' } as const;

/**
 * Decodes a delivery, calls the handler and guarantees a requester is never left waiting on a
 * handler that failed. Never rejects: every failure goes to `onError`.
 */
export async function runHandler(
  handler: BusHandler,
  delivery: Delivery,
  context: RunContext,
): Promise<void> {
  let data: unknown;
  try {
    data = decodePayload(delivery.payload);
  } catch (error) {
    context.onError(asBusError(error, 'invalid_payload', `message on "${delivery.subject}"`));
    return;
  }

  const reply = delivery.reply;
  let replied = false;
  const message: BusMessage = reply
    ? {
        subject: delivery.subject,
        data,
        respond: (replyData: unknown) => {
          if (replied) return;
          const bytes = encodePayload(replyData, context.maxPayloadBytes);
          replied = true;
          reply.send(bytes);
        },
      }
    : { subject: delivery.subject, data };

  try {
    await handler(message);
  } catch (error) {
    context.onError(
      new BusError('handler_error', `handler for "${delivery.subject}" threw`, { cause: error }),
    );
    if (reply && !replied) {
      replied = true;
      try {
        reply.sendHandlerError();
      } catch (sendError) {
        context.onError(
          asBusError(sendError, 'closed', `handler_error reply for "${delivery.subject}"`),
        );
      }
    }
  }
}

function asBusError(error: unknown, fallback: BusErrorCode, what: string): BusError {
  return isBusError(error)
    ? error
    : new BusError(fallback, `${what} could not be processed`, { cause: error });
}
