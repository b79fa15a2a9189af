import { Decoder, Encoder, PacketType } from 'socket.io-parser';

/** The synthetic event a malformed packet turns into (handled like an unknown event). */
export const MALFORMED_EVENT = 'veil:malformed';

/**
 * socket.io's default parser closes the whole connection when a packet does not decode
 * (malformed JSON, a bad packet type). The gateway keeps the socket instead and answers with a
 * generic `bad_request`: this decoder turns an undecodable packet into the event
 * `veil:malformed` on the main namespace, which the socket handler refuses like any unknown
 * event.
 */
class TolerantDecoder extends Decoder {
  override add(obj: unknown): void {
    try {
      super.add(obj);
    } catch {
      this.destroy();
      this.emitReserved('decoded', { type: PacketType.EVENT, nsp: '/', data: [MALFORMED_EVENT] });
    }
  }
}

export const tolerantParser = { Encoder, Decoder: TolerantDecoder };
