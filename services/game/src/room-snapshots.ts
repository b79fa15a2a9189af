import type { GameSnapshot } from '@veil/engine';
import { JsonText } from '@veil/store';

/**
 * A game snapshot in its stored form (the engine's `persistGame`: value, context, status), as
 * JSON text serialized once. `persistGame` itself copies the state through a JSON round trip and
 * the store would serialize that copy again; the bytes are the same either way
 * (`JSON.stringify` of a JSON copy equals `JSON.stringify` of the original), so the node hands the
 * store the text directly.
 */
export function persistedJson(snapshot: GameSnapshot<unknown>): JsonText {
  return JsonText.of(
    { value: snapshot.value, context: snapshot.context, status: snapshot.status },
    'snapshot',
  );
}
