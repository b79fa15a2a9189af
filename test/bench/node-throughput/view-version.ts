/**
 * The version of a view publication, read by the latency driver from the raw payload. A game
 * node serializes a publication as `{"roomId":"<id>","version":<n>,…}` (viewer-payloads.ts), so
 * the driver reads the digits after that prefix instead of parsing the whole view — three views
 * per act, each with the game's public discard, made `JSON.parse` most of what the driver
 * allocated, and its garbage collections paused it while views were arriving (time it would
 * have counted as latency). A payload of any other shape is parsed in full.
 */
export function viewVersion(payload: Buffer, roomId: string): number | undefined {
  const prefix = `{"roomId":${JSON.stringify(roomId)},"version":`;
  if (payload.length > prefix.length && payload.toString('latin1', 0, prefix.length) === prefix) {
    let version = 0;
    let at = prefix.length;
    for (; at < payload.length; at++) {
      const digit = (payload[at] as number) - 48;
      if (digit < 0 || digit > 9) break;
      version = version * 10 + digit;
    }
    // Digits then the next member: anything else (a float, an exponent) goes the long way.
    if (at > prefix.length && payload[at] === 44 /* , */) return version;
  }
  const data = JSON.parse(payload.toString()) as { version?: unknown };
  return typeof data.version === 'number' ? data.version : undefined;
}
