import { BusError } from './bus-error.js';

// Every payload crosses the bus as UTF-8 JSON bytes, in both adapters: the receiver gets a
// fresh decoded copy and can never see or mutate more than what was serialized.

const decoder = new TextDecoder('utf-8', { fatal: true });

export function encodePayload(data: unknown, maxPayloadBytes: number): Uint8Array {
  let json: string | undefined;
  try {
    json = JSON.stringify(data);
  } catch (error) {
    // BigInt, circular structures, a throwing toJSON.
    throw new BusError('invalid_payload', 'payload is not JSON-serializable', { cause: error });
  }
  if (json === undefined) {
    throw new BusError('invalid_payload', `payload of type ${typeof data} has no JSON form`);
  }
  // A Buffer, not TextEncoder's Uint8Array: small ones are slices of node's shared pool, so a
  // busy node does not create (and the GC sweep) one ArrayBuffer per message.
  const bytes = Buffer.from(json, 'utf8');
  if (bytes.byteLength > maxPayloadBytes) {
    throw new BusError(
      'payload_too_large',
      `payload of ${bytes.byteLength} bytes exceeds the limit of ${maxPayloadBytes} bytes`,
    );
  }
  return bytes;
}

export function decodePayload(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(bytes));
  } catch (error) {
    throw new BusError('invalid_payload', 'received a payload that is not UTF-8 JSON', {
      cause: error,
    });
  }
}
